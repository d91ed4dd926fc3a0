"""Reads the DOM Chromium dumped of a report page: prints the overview's
first header cells, the column it is sorted by, whether its rows are in
descending time saved, whether the kernel cards are in the rows' order and
whether the time notes say what L2 state they assume.

usage: saves_order.py DOM
"""
import html.parser
import sys


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.headers, self.sorted, self.rows, self.cards = [], None, [], []
        self.saves, self.times = [], []
        self.in_th = self.in_row = None
        self.cell = -1
        self.saves_col = None
        self.text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "th":
            self.in_th = a
            self.text = ""
        elif tag == "tr" and "data-kernel" in a:
            self.rows.append(a["data-kernel"])
            self.cell = -1
        elif tag == "td" and self.rows and self.cell is not None:
            self.cell += 1
            if self.saves_col is not None and self.cell == self.saves_col:
                self.saves.append(float(a.get("data-value", "nan")))
        elif tag == "div" and a.get("class") == "kernel":
            self.cards.append(a.get("id"))
            self.cell = None
        elif tag == "div" and a.get("class") == "time-saved":
            self.text = ""
            self.in_row = "time"

    def handle_endtag(self, tag):
        if tag == "th" and self.in_th is not None:
            name = self.text.strip()
            self.headers.append(name)
            if name == "Saves":
                self.saves_col = len(self.headers) - 1
            if "sorted-desc" in (self.in_th.get("class") or ""):
                self.sorted = name + " (descending)"
            self.in_th = None
        elif tag == "div" and self.in_row == "time":
            self.times.append(self.text)
            self.in_row = None

    def handle_data(self, data):
        self.text += data


def main():
    p = Page()
    with open(sys.argv[1]) as f:
        p.feed(f.read())
    print("header:", " ".join(p.headers[:5]))
    print("sorted by:", p.sorted)
    print("saves descending:", "yes" if p.saves == sorted(p.saves, reverse=True) and p.saves
          and p.saves[0] > 0 else f"no {p.saves}")
    print("cards in the overview's order:", "yes" if p.cards == p.rows else f"no {p.rows} {p.cards}")
    print("time notes with an L2 assumption:", "yes" if p.times and all(
        "L2 " in t and "assumed" in t for t in p.times) else f"no {p.times}")


if __name__ == "__main__":
    main()
