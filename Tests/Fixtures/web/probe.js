// Test probe for the HTML notebook, injected by the browser tests. It maps UTF-16 offsets of a
// page's reading text to DOM positions on its own (not through the page's script), so the
// tests check the page's structure rather than trusting it.
window.probe = (() => {
  "use strict";
  function section(pageIndex) {
    return document.querySelectorAll("section.page")[pageIndex];
  }
  function blockLength(block) {
    return block.textContent.length;
  }
  // The DOM point of `offset`; `atEnd` prefers the end of a block over the start of the next.
  function point(pageIndex, offset, atEnd) {
    const blocks = [...section(pageIndex).querySelectorAll("[data-start]")];
    let block = blocks[0];
    for (const candidate of blocks) {
      const start = Number(candidate.dataset.start);
      if (start < offset || (start === offset && !atEnd)) block = candidate;
    }
    let rest = Math.max(0, offset - Number(block.dataset.start));
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    let node = null;
    let last = null;
    while ((node = walker.nextNode())) {
      last = node;
      if (rest < node.length || (rest === node.length && atEnd)) return [node, rest];
      rest -= node.length;
    }
    return [last, last ? last.length : 0];
  }
  function range(pageIndex, start, end) {
    const result = document.createRange();
    result.setStart(...point(pageIndex, start, false));
    result.setEnd(...point(pageIndex, end, true));
    return result;
  }
  function toImage(pageIndex, rect) {
    const sheet = section(pageIndex).querySelector(".sheet").getBoundingClientRect();
    const scale = sheet.width / Number(section(pageIndex).dataset.width);
    return [(rect.left - sheet.left) / scale, (rect.top - sheet.top) / scale, rect.width / scale, rect.height / scale];
  }
  // One rect per line the range touches: the bounds of its client rects, in image pixels.
  function rects(pageIndex, start, end) {
    const whole = range(pageIndex, start, end);
    const result = [];
    for (const line of section(pageIndex).querySelectorAll(".ln")) {
      if (!whole.intersectsNode(line)) continue;
      const part = document.createRange();
      part.selectNodeContents(line);
      if (line.contains(whole.startContainer)) part.setStart(whole.startContainer, whole.startOffset);
      if (line.contains(whole.endContainer)) part.setEnd(whole.endContainer, whole.endOffset);
      const boxes = [...part.getClientRects()].filter((box) => box.width > 0.01);
      if (!boxes.length) continue;
      const left = Math.min(...boxes.map((b) => b.left));
      const top = Math.min(...boxes.map((b) => b.top));
      const right = Math.max(...boxes.map((b) => b.right));
      const bottom = Math.max(...boxes.map((b) => b.bottom));
      result.push(toImage(pageIndex, { left, top, width: right - left, height: bottom - top }));
    }
    return result;
  }
  function select(pageIndex, start, end) {
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range(pageIndex, start, end));
    return selection.toString();
  }
  return { range, rects, select };
})();
true;
