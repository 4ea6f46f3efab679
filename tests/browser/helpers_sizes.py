"""Computed sizes on a page: the smallest text and the smallest tap target in <main>."""

SIZES_JS = """() => {
    const main = document.querySelector('main');
    const visible = el => {
        const r = el.getBoundingClientRect(), s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
    };
    let text = 1000, textAt = '';
    for (const el of main.querySelectorAll('*')) {
        if (!visible(el)) continue;
        const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        if (!own) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < text) { text = size; textAt = el.outerHTML.slice(0, 80); }
    }
    let tap = 1000, tapAt = '';
    const targets = main.querySelectorAll(
        'button, .button, select, summary, input:not([type=hidden]):not([type=checkbox])' +
        ':not([type=radio]), label.check, .choices label');
    for (const el of targets) {
        if (!visible(el)) continue;
        const h = el.getBoundingClientRect().height;
        if (h < tap) { tap = h; tapAt = el.outerHTML.slice(0, 80); }
    }
    return {text, textAt, tap, tapAt};
}"""


def sizes(page) -> dict:
    """{"text": smallest font size in px, "tap": smallest target height in px, and where}."""
    return page.evaluate(SIZES_JS)


def assert_sizes(page, where: str) -> None:
    found = sizes(page)
    assert found["text"] >= 18, (where, found)
    assert found["tap"] >= 44, (where, found)
