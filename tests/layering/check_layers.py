#!/usr/bin/env python3
"""Checks that every #include of the project's own headers points down the layers.

Layers, top to bottom: tools -> rules -> devicemodel -> analyzer -> frontend.
A file may include headers of its own layer or of a layer below, never above.
The device model measures and the rules compare: from analyzer/ it includes
only the architecture table and cost model (analyzer/arch/), never the
predictions. Inside frontend/, each input has its own folder (cuda, ptx, ir, sass, launch):
a file there includes its own folder and the shared headers at frontend/'s top
and in frontend/asm/ (the inline-asm lowerings, shared by every input), never
a sibling input's folder nor the dispatcher (frontend/Frontend.h). Below them
all is frontend/ptxisa/, the one PTX instruction table and its lowerings,
which every input and frontend/asm/ use: it includes only itself.
Inside tools/, the rooms stack too: the language server (tools/lsp/) may use
the commands (tools/commands/), a command the output formats (tools/output/),
and all of them the shared plumbing at tools/'s top, which includes no room.

Usage: check_layers.py SOURCE_ROOT. Prints each violation as FILE:LINE and exits
1 when there is one.
"""
import os
import re
import sys

LAYERS = ["frontend", "analyzer", "devicemodel", "rules", "tools"]
INPUT_FOLDERS = {"cuda", "ptx", "ir", "sass", "launch"}
DISPATCHER = "frontend/Frontend.h"
# tools/'s rooms, bottom to top; the plumbing at tools/'s top is below them all.
TOOL_ROOMS = ["output", "commands", "lsp"]
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def layer_of(path):
    top = path.split("/", 1)[0]
    return LAYERS.index(top) if top in LAYERS else None


def input_folder(path):
    parts = path.split("/")
    if len(parts) > 2 and parts[0] == "frontend" and parts[1] in INPUT_FOLDERS:
        return parts[1]
    return None


def tool_room(path):
    """-1 for a file at tools/'s top, the room's rank for one in a room."""
    parts = path.split("/")
    if parts[0] != "tools":
        return None
    if len(parts) > 2 and parts[1] in TOOL_ROOMS:
        return TOOL_ROOMS.index(parts[1])
    return -1


def violation(source, header):
    """Returns why SOURCE may not include HEADER, or None when it may."""
    src_layer, hdr_layer = layer_of(source), layer_of(header)
    if src_layer is None or hdr_layer is None:
        return None
    if hdr_layer > src_layer:
        return "%s/ is above %s/" % (LAYERS[hdr_layer], LAYERS[src_layer])
    if source.startswith("devicemodel/") and header.startswith("analyzer/") \
            and not header.startswith("analyzer/arch/"):
        return "the device model takes only analyzer/arch/ from the analyzer"
    if source.startswith("frontend/ptxisa/") and header.startswith("frontend/") \
            and not header.startswith("frontend/ptxisa/"):
        return "frontend/ptxisa/ is below the rest of frontend/"
    src_input, hdr_input = input_folder(source), input_folder(header)
    if src_input and hdr_input and src_input != hdr_input:
        return "frontend/%s/ is a sibling input of frontend/%s/" % (hdr_input, src_input)
    if src_input and header == DISPATCHER:
        return "the input dispatcher sits above frontend/%s/" % src_input
    src_room, hdr_room = tool_room(source), tool_room(header)
    if src_room is not None and hdr_room is not None and hdr_room > src_room:
        below = "tools/%s/" % TOOL_ROOMS[src_room] if src_room >= 0 \
            else "the plumbing at tools/'s top"
        return "tools/%s/ is above %s" % (TOOL_ROOMS[hdr_room], below)
    return None


def main(root):
    problems = []
    for layer in LAYERS:
        for folder, _, files in os.walk(os.path.join(root, layer)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp", ".def", ".inc")):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        why = violation(rel, match.group(1))
                        if why:
                            problems.append("%s:%d: includes %s: %s"
                                            % (rel, number, match.group(1), why))
    for problem in problems:
        print(problem)
    if not problems:
        print("layering: every include points down the layers")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
