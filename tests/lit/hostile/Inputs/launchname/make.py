"""make.py DIR: writes DIR/inject.json, a launch file whose kernel name
holds a newline and an #include of DIR/pwned.h, DIR/ok.json, whose names
are valid, and DIR/<a file name that ends a #line directive and includes
DIR/pwned.h>.cu, a copy of tmpl.cu asking for k<4> in a comment."""
import json
import os
import sys

d = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
inject = 'k<4>;\n#include "%s/pwned.h"\nstatic int x = 0' % d
json.dump([{"kernel": inject, "grid": 64, "block": 256}], open(os.path.join(d, "inject.json"), "w"))
json.dump([{"kernel": "k<4>", "grid": 64, "block": 256},
           {"kernel": "k<(1 < 2) + 1>", "grid": 64, "block": 256},
           {"kernel": "k<8 / 2>", "grid": 64, "block": 256},
           {"kernel": "k<'a' - 93>", "grid": 64, "block": 256},
           {"kernel": "ns::inner::k2", "grid": 64, "block": 256},
           {"kernel": "(anonymous namespace)::k3", "grid": 64, "block": 256}],
          open(os.path.join(d, "ok.json"), "w"))
for bad in ["k<4>; int y", "k<4> x", "k<\"a\">", "k<4", "k<4>>", "1k", "k<4>\x1b[2J",
            "k<4 /* x */>", "k<{4}>"]:
    n = len(os.listdir(d))
    json.dump([{"kernel": "kk"}, {"kernel": bad}], open(os.path.join(d, "bad%d.json" % n), "w"))
text = open(os.path.join(here, "tmpl.cu")).read() + "// warplint: instantiate k<4>\n"
name = 'x"\n#include "pwned.h"\n".cu'
open(os.path.join(d, name), "w").write(text)
