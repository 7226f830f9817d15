extension NotebookHTML {
    /// The document's CSS (`Docs/Web.md`, "Text on the ink").
    ///
    /// - A page is a frame that keeps the scan's aspect ratio; inside it one sheet of the scan's
    ///   pixel size is scaled by `--scale` (set by the script), so the layer stays on the ink at
    ///   any width.
    /// - Blocks have no size of their own; each line is an inline block on its own flow line
    ///   (the `<wbr>` between lines is the only place the zero-width block can wrap), moved by
    ///   `left`/`top` onto its line and turned by `--a`. Its font size makes the font's content
    ///   height equal the band's thickness (`--ratio` is measured by the script).
    /// - In a monospace font `1ch` is every character's advance, so `letter-spacing` of
    ///   `--l - 1ch` gives each grapheme cluster exactly `--l` pixels and `word-spacing` gives
    ///   spaces `--s`; `bidi-override` keeps clusters in reading order along the band, as the
    ///   page geometry does. `--f` is the script's correction for characters drawn by a
    ///   fallback font.
    static let style = """
        :root{--ratio:1.164;color-scheme:light}
        body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#111;background:#ececec}
        header{padding:1rem 1rem .5rem;max-width:60rem}
        h1{font-size:1.5rem;margin:0 0 .5rem}
        .help{margin:0 0 .75rem}
        .tools{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap}
        button{font:inherit;padding:.3rem .8rem}
        #status{font-weight:600}
        #menu{position:fixed;z-index:10;background:#fff;border:1px solid #444;padding:.25rem 0;box-shadow:0 2px 8px rgba(0,0,0,.3)}
        #menu [role=menuitem]{padding:.25rem 1rem;cursor:default}
        #menu [role=menuitem]:focus,#menu [role=menuitem]:hover{background:#0b57d0;color:#fff;outline:none}
        main{padding:.5rem 1rem 2rem}
        .page{max-width:calc(var(--pw) * 1px);margin:0 auto 1.5rem}
        .frame{position:relative;aspect-ratio:var(--pw)/var(--ph);overflow:hidden;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.35)}
        .folio{text-align:center;font-size:.9rem;color:#333;margin:.4rem 0 0;user-select:none}
        .sheet{position:absolute;left:0;top:0;width:calc(var(--pw) * 1px);height:calc(var(--ph) * 1px);transform-origin:0 0;transform:scale(var(--scale,1))}
        .sheet img{position:absolute;left:0;top:0;width:100%;height:100%;user-select:none}
        .layer{position:absolute;left:0;top:0;right:0;bottom:0}
        .layer>h2,.layer>p{margin:0;width:0;height:0;font-size:0;line-height:0;font-weight:normal;white-space:normal}
        .ln{display:block;position:relative;white-space:pre;color:transparent;unicode-bidi:bidi-override;\
        left:calc(var(--x) * 1px);top:calc(var(--y) * 1px);width:calc(var(--w) * 1px);height:calc(var(--h) * 1px);\
        font-family:"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,monospace;font-size:calc(var(--h) * 1px / var(--ratio));\
        line-height:calc(var(--h) * 1px);transform:rotate(var(--a,0rad));transform-origin:50% 50%}
        .ln>span{letter-spacing:calc(var(--l) * 1px - 1ch + var(--f,0) * 1px);word-spacing:calc((var(--s,var(--l)) - var(--l)) * 1px);margin-inline-start:calc(var(--m,0) * 1px)}
        .measuring .sheet,.measuring .ln{transform:none}
        .loose{font-size:1px;color:transparent}
        .layer ::selection{background:rgba(11,87,208,.35);color:transparent}
        ::highlight(spoken){background-color:rgba(255,196,0,.55)}
        .layer>p.note{position:absolute;left:40px;top:40px;width:auto;height:auto;font-size:32px;line-height:1.4}
        """
}
