"""The sheets of Copiste d'un jour's snapshot (banq-dcn/Copiste-d-un-jour, CC BY 4.0) and how
they are shared out (Docs/Recognition.md, "A French hand"): the real corpus's ten sheets are
only evaluated; the first HELD_OUT other sheets by name are held out (Tools/heldout-copiste);
the rest may be learnt from (Tools/train-hand). Used by both tools, so the split is one rule.
"""
import subprocess

IN_CORPUS = {
    "imp_wikitexte_0022", "imp_wikitexte_0024", "imp_wikitexte_0052", "imp_wikitexte_0055", "imp_wikitexte_0083",
    "imp_wikitexte_0090", "imp_wikitexte_0097", "imp_wikitexte_0102", "imp_wikitexte_0153", "imp_wikitexte_0201",
}
HELD_OUT = 40


def sheets(repo):
    """(stem, ALTO bytes, JPEG bytes) of every sheet outside the real corpus whose image the
    snapshot holds, sorted by name."""
    listed = subprocess.run(["git", "--git-dir", repo, "ls-tree", "-r", "--name-only", "HEAD"], check=True, capture_output=True)
    names = set(listed.stdout.decode().splitlines())
    for alto in sorted(n for n in names if n.startswith("alto/") and n.endswith(".xml")):
        stem = alto[len("alto/"):-len(".xml")]
        image = "jpg/" + stem + ".jpg"
        if stem in IN_CORPUS or image not in names:
            continue
        shown = subprocess.run(["git", "--git-dir", repo, "show", "HEAD:" + image], capture_output=True)
        if shown.returncode != 0 or not shown.stdout.startswith(b"\xff\xd8"):
            continue  # a large file the snapshot lacks, or holds only as a pointer
        truth = subprocess.run(["git", "--git-dir", repo, "show", "HEAD:" + alto], check=True, capture_output=True).stdout
        yield stem, truth, shown.stdout


def write_set(out, pages):
    """Lays `pages` ((stem, ALTO, JPEG or PNG)) out in `out` as the real corpus's sets are;
    returns how many."""
    import os
    os.makedirs(out, exist_ok=True)
    kept = []
    for stem, truth, image in pages:
        extension = ".png" if image.startswith(b"\x89PNG") else ".jpg"
        with open(os.path.join(out, stem + extension), "wb") as f:
            f.write(image)
        with open(os.path.join(out, stem + ".xml"), "wb") as f:
            f.write(truth)
        kept.append(stem + extension)
    with open(os.path.join(out, "MANIFEST.tsv"), "w") as f:
        f.write("image\tground_truth\n")
        for name in kept:
            f.write(f"{name}\t{os.path.splitext(name)[0]}.xml\n")
    return len(kept)
