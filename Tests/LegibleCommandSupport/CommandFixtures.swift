// Page documents and clippings the command tests read, written out in full so a test shows its input.

/// A minimal valid page document.
public let minimalDocument =
    #"{"format":"legible-page","version":1,"image":{"file":"p.png","width":400,"height":100},"text":"Saved words here","paragraphs":[{"range":[0,16]}],"lines":[{"range":[0,16],"box":[10,10,300,30]}]}"#

/// One complete entry of a clippings store (`Docs/Reading.md`, "Clippings store"): a line of JSON.
public let clippingLine =
    #"{"id":"A","page":"p.png","pageIndex":0,"range":[0,5],"rects":[[1,2,3,4]],"savedAt":"2026-01-01T00:00:00Z","text":"Saved"}"#
