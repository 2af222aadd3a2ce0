/// The handouts' one stylesheet, inlined in every page so a page needs nothing else.
/// Highlighting does not rely on colour alone (keywords bold, comments italic,
/// strings underlined dotted), so it survives a black-and-white printer.
enum HandoutStyle {
    static let css = """
    :root { --ink: #1b1b1b; --muted: #555; --rule: #c8c8c8; --code-bg: #f6f6f3; --accent: #0b4f8a; }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; color: var(--ink); background: #fff; font: 16px/1.55 Georgia, "DejaVu Serif", serif;
           overflow-wrap: break-word; }
    main { max-width: 46rem; margin: 0 auto; padding: 1rem 1.25rem 4rem; }
    .edition-banner { font: 600 .8rem/1.4 system-ui, sans-serif; letter-spacing: .04em; text-transform: uppercase;
                      color: var(--muted); border-bottom: 1px solid var(--rule); padding: .5rem 1.25rem; }
    .edition-banner a { color: inherit; }
    h1, h2, h3, h4 { font-family: system-ui, "DejaVu Sans", sans-serif; line-height: 1.25; }
    h1 { font-size: 1.9rem; margin: 1.5rem 0 1rem; }
    .chapter-number { display: block; font: 600 .85rem system-ui, sans-serif; color: var(--muted);
                      text-transform: uppercase; letter-spacing: .06em; }
    a { color: var(--accent); }
    code, pre, kbd { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: .86em; }
    :not(pre) > code { background: var(--code-bg); padding: .05em .25em; border-radius: 3px; }
    /* A long line wraps inside its box, under a hanging indent (the CodeLines rules), even
       a token with no space to break at: nothing is cut off at the box's edge, on screen
       or on paper. Scrolling stays as the fallback for what still does not fit. */
    pre { background: var(--code-bg); border: 1px solid var(--rule); border-radius: 4px; padding: .6rem .8rem;
          overflow-x: auto; line-height: 1.4; tab-size: 4; white-space: pre-wrap; overflow-wrap: anywhere; }
    pre code { font-size: .84rem; }
    \(CodeLines.css)
    blockquote { margin: 1rem 0; padding: .2rem 1rem; border-left: 3px solid var(--rule); color: #333; }
    .kw { font-weight: 700; color: #7a1f5c; }
    .ty { color: #1d5b6e; }
    .str { color: #7a3e00; text-decoration: underline dotted #999; }
    .num { color: #1d4f91; }
    .com { font-style: italic; color: #5d6b5d; }
    .attr { font-weight: 700; font-style: italic; color: #6b4a00; }
    .snippet { margin: 1.2rem 0; }
    .snippet > pre { margin-bottom: 0; border-bottom-left-radius: 0; border-bottom-right-radius: 0; }
    .output { border: 1px solid var(--rule); border-top: none; padding: .3rem .8rem .5rem; background: #fff; }
    .output pre { margin: .2rem 0; border: none; background: none; padding: 0; }
    .label { font: 600 .72rem system-ui, sans-serif; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
    .label code { text-transform: none; letter-spacing: 0; }
    .output.differs, .output.not-run { border-left: 4px double var(--ink); }
    .output.differs .label::before { content: "≠ "; }
    .exercise { border: 2px solid var(--ink); border-radius: 6px; padding: 0 1rem .8rem; margin: 2rem 0; }
    .exercise > h2, .exercise > h3 { margin-top: .8rem; }
    .exercise .file { font: .85rem system-ui, sans-serif; color: var(--muted); margin: 1rem 0 .3rem; }
    details.hint { margin: .4rem 0; border: 1px dashed var(--rule); border-radius: 4px; padding: .2rem .7rem; }
    details.hint > summary { cursor: pointer; font: 600 .85rem system-ui, sans-serif; }
    .exercise .kind { font: 600 .8rem system-ui, sans-serif; color: var(--muted); margin: -.4rem 0 .6rem; }
    .hint-link, .back { font: .85rem system-ui, sans-serif; color: var(--muted); }
    .hints-pages { border-top: 2px solid var(--ink); margin-top: 3rem; }
    .explanation { border-left: 4px solid var(--rule); padding: .2rem .8rem; margin: .4rem 0; }
    figure.figure { margin: 1.5rem 0; text-align: center; }
    figure.figure svg { max-width: 100%; height: auto; }
    figure.figure figcaption { font: italic .9rem Georgia, serif; color: var(--muted); margin-top: .3rem; }
    .figure-number { font: 600 .8rem system-ui, sans-serif; font-style: normal; color: var(--ink); margin-right: .3em; }
    .figure-missing { border: 2px dashed var(--ink); padding: 1rem; }
    details.figure-code > summary { cursor: pointer; font: .8rem system-ui, sans-serif; color: var(--muted); }
    .notice { font: .9rem system-ui, sans-serif; border: 1px solid var(--rule); background: #fafafa; padding: .5rem .8rem; }
    .problem { border: 2px solid var(--ink); padding: .5rem .8rem; font: .9rem system-ui, sans-serif; }
    .contents li { margin: .3rem 0; }
    .toc-entry .leader, .toc-entry .toc-page { display: none; }
    .print-only, .hint-note, .page-ref { display: none; }
    @page { margin: 16mm 15mm 18mm; }
    @media print {
      body { font-size: 10.5pt; }
      main { max-width: none; padding: 0; }
      .edition-banner { padding: 0 0 .3rem; }
      .screen-only { display: none; }
      .print-only { display: block; }
      .chapter { break-before: page; }
      .chapter:first-of-type { break-before: auto; }
      h1, h2, h3, h4, .label, .file { break-after: avoid; }
      /* Whole when short; a long listing may break between lines, so no page is left
         half empty waiting for it. A lead-in stays with what it introduces. */
      figure, .output, details, li, blockquote, pre.short { break-inside: avoid; }
      p { orphans: 2; widows: 2; }
      p + figure, p + .snippet, p + pre.short { break-before: avoid; }
      /* A tall figure is scaled to fit about a third of a page, so that it and its lead-in
         do not leave half a page empty (handouts-check measures that its text stays at
         8 pt or more). */
      figure.figure svg { width: auto; max-height: 100mm; }
      .snippet > pre.short { break-after: avoid; }
      pre { white-space: pre-wrap; overflow-wrap: anywhere; overflow: visible; }
      pre code { font-size: 8.6pt; }
      /* The book: title page, contents with page numbers and leaders. */
      .title-page { display: block; text-align: center; padding-top: 28vh; }
      .title-page .book-title { font-size: 30pt; margin: .4rem 0; }
      .title-page .book-kind, .title-page .book-edition { font: 600 11pt system-ui, sans-serif; text-transform: uppercase;
                                                          letter-spacing: .08em; color: var(--muted); }
      .title-page .book-chapters { display: inline-block; text-align: left; margin: 2.5rem auto 1.5rem; font-size: 12pt; }
      .title-page .book-note { font: 10pt system-ui, sans-serif; color: var(--muted); }
      .toc-entry { display: flex; align-items: baseline; }
      .toc-entry .leader { display: block; flex: 1; border-bottom: 1px dotted #777; margin: 0 .4em; min-width: 2em; }
      .toc-entry .toc-page { display: block; min-width: 2.5em; text-align: right; font-variant-numeric: tabular-nums; }
      .contents > ol > li { margin-top: .8rem; font-weight: 600; }
      .contents ul { font-weight: 400; }
      /* Hints fold on screen; on paper they are printed (--hints print) or left out. */
      .hints-omit details.hint, .hints-omit .hints-pages { display: none; }
      .hints-omit .hint-note { display: block; }
      details.hint > summary { list-style: none; }
      a { color: inherit; }
      a[href]:not([href^="#"])::after { content: " (" attr(href) ")"; font-size: .85em; overflow-wrap: anywhere; }
      .kw, .ty, .str, .num, .com, .attr { color: #000; }
      /* The chapter's hints on its back pages (printed open: the single page opens them). */
      .hints-pages { break-before: page; }
      .hints-omit .hint-link { display: none; }
    }
    """
}
