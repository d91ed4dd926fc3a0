#!/usr/bin/env python3
"""Precision of warplint's warnings on real code, judged by a person.

  bench/precision.py sample NAME CHECKOUT [-p BUILD_DIR] [--count N] [--seed S]
                     [--warplint BIN] [--jobs N] [--timeout S] [--limit N]
                     [--out DIR] [-- EXTRA_FLAGS...]
  bench/precision.py summary JUDGMENTS.tsv...

`sample` runs `warplint check --format=json` on every CUDA file of CHECKOUT (or,
with -p, on the files compile_commands.json builds, with its flags), keeps the
warnings of rules (not compile errors or kernels left out), folds the copies a
template's instantiations make of one finding (same rule, file and line) into
one, and draws COUNT of them with a fixed seed, stratified by rule: rules are
taken in turn, each giving one finding at random, so a rule with thousands of
findings does not crowd out the others. Each drawn finding is printed with
its source context (the lines around it and the kernel's signature) for a
person to judge, and a judgments file OUT/NAME-judgments.tsv is written (never
over an existing one) with one row per finding and two columns to fill:
`verdict` (true: worth fixing; negligible: true but not worth a change; false;
undecided) and `reason`.

Without -p each file is compiled as realcode.sh does: the checkout's top, the
file's folder and any include/, common/ or Common/ folder beside them are on
the include path. Every file's findings and errors are kept under
OUT/NAME-runs/ so a judgment can be checked again. --limit N takes every k-th
file (in path order) so that about N are checked.

`summary` counts the verdicts per code base and rule and prints the share of
true findings (true + negligible over the judged). Not run by CI: it needs a
checkout of code that is not ours.
"""
import argparse
import collections
import concurrent.futures
import csv
import json
import os
import random
import subprocess
import sys

CUDA_SUFFIXES = ('.cu',)
NOT_RULES = {'compile-error', 'kernel-not-instantiated', 'input-error',
             'kernel-unreached', 'analysis-budget', 'invalid-suppression'}
VERDICTS = ('true', 'negligible', 'false', 'undecided')
COLUMNS = ['id', 'codebase', 'rule', 'location', 'kernel', 'message',
           'verdict', 'reason']


def include_flags(root, path):
  """The include path realcode.sh gives a file it has no compile command for."""
  flags = ['-I', root, '-I', os.path.dirname(path)]
  here = os.path.dirname(path)
  for d in (os.path.join(root, 'include'), os.path.join(root, 'common'),
            os.path.join(root, 'Common'), os.path.join(here, '..', 'include'),
            os.path.join(here, '..', 'common'), os.path.join(root, '..')):
    if os.path.isdir(d):
      flags += ['-I', os.path.normpath(d)]
  return flags


def inputs(args):
  """(file, argv) pairs: one warplint check per CUDA file."""
  root = os.path.abspath(args.checkout)
  if args.p:
    with open(os.path.join(args.p, 'compile_commands.json')) as f:
      db = json.load(f)
    files = sorted({os.path.normpath(os.path.join(e['directory'], e['file']))
                    for e in db})
    return [(f, ['-p', args.p]) for f in files
            if f.startswith(root) and f.endswith(CUDA_SUFFIXES)]
  files = []
  for d, _, names in os.walk(root):
    files += [os.path.join(d, n) for n in names if n.endswith(CUDA_SUFFIXES)]
  return [(f, ['--'] + include_flags(root, f) + args.extra) for f in sorted(files)]


def run_one(args, runs, item):
  path, flags = item
  base = os.path.join(runs, os.path.relpath(path, args.checkout).replace('/', '_'))
  cmd = [args.warplint, 'check', path, '--format=json'] + flags
  try:
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    out, err, rc = p.stdout, p.stderr, p.returncode
  except subprocess.TimeoutExpired:
    out, err, rc = '', 'timed out after %d s' % args.timeout, 124
  with open(base + '.json', 'w') as f:
    f.write(out)
  with open(base + '.err', 'w') as f:
    f.write(err)
  try:
    diags = json.loads(out).get('diagnostics', []) if out else []
  except json.JSONDecodeError:
    diags = []
  return path, rc, diags


def context(path, line, kernel, before=6, after=3):
  """The lines around LINE, and the line that declares KERNEL above them."""
  try:
    with open(path, errors='replace') as f:
      lines = f.read().split('\n')
  except OSError:
    return '  (source not readable)'
  shown = []
  name = (kernel or '').split('<')[0].split('(')[0]
  if name:
    for i in range(min(line, len(lines)) - 1, -1, -1):
      if name in lines[i] and ('__global__' in lines[i] or
                               (i > 0 and '__global__' in lines[i - 1])):
        if i < line - before - 1:
          shown.append('  %5d | %s' % (i + 1, lines[i].rstrip()))
          shown.append('    ... |')
        break
  for i in range(max(0, line - 1 - before), min(len(lines), line + after)):
    mark = '>' if i == line - 1 else ' '
    shown.append('%s %5d | %s' % (mark, i + 1, lines[i].rstrip()))
  return '\n'.join(shown)


def draw(findings, count, seed):
  """COUNT findings, rules in turn (in a seeded order), one at random each."""
  rng = random.Random(seed)
  by_rule = collections.defaultdict(list)
  for f in findings:
    by_rule[f['rule']].append(f)
  for rule in by_rule.values():
    rng.shuffle(rule)
  order = sorted(by_rule)
  rng.shuffle(order)
  picked = []
  while len(picked) < count and any(by_rule.values()):
    for rule in order:
      if by_rule[rule] and len(picked) < count:
        picked.append(by_rule[rule].pop())
  return picked


def sample(args):
  runs = os.path.join(args.out, args.name + '-runs')
  os.makedirs(runs, exist_ok=True)
  items = inputs(args)
  if args.limit and len(items) > args.limit:
    step = len(items) / args.limit
    items = [items[int(i * step)] for i in range(args.limit)]
  found = {}
  rcs = collections.Counter()
  with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
    for path, rc, diags in pool.map(lambda i: run_one(args, runs, i), items):
      rcs[rc] += 1
      for d in diags:
        if d.get('severity') != 'warning' or d.get('rule') in NOT_RULES:
          continue
        key = (d['rule'], d['file'], d['line'])
        found.setdefault(key, dict(d, source=path))
  findings = sorted(found.values(), key=lambda d: (d['rule'], d['file'], d['line']))
  per_rule = collections.Counter(d['rule'] for d in findings)
  print('%s: %d files (exit codes %s), %d warnings at distinct lines' %
        (args.name, len(items), dict(sorted(rcs.items())), len(findings)))
  for rule, n in sorted(per_rule.items()):
    print('  %-28s %d' % (rule, n))
  picked = draw(findings, args.count, args.seed)
  table = os.path.join(args.out, args.name + '-judgments.tsv')
  rows = []
  for i, d in enumerate(picked, 1):
    path = d['file'] if os.path.isabs(d['file']) else os.path.join(os.getcwd(), d['file'])
    loc = '%s:%d' % (os.path.relpath(path, args.checkout), d['line'])
    print('\n[%s-%d] %s  %s  kernel %s\n  %s' %
          (args.name, i, d['rule'], loc, d.get('kernel'), d['message']))
    for n in d.get('notes', []):
      print('  note: %s' % (n.get('message') if isinstance(n, dict) else n))
    print(context(path, d['line'], d.get('kernel')))
    rows.append({'id': '%s-%d' % (args.name, i), 'codebase': args.name,
                 'rule': d['rule'], 'location': loc, 'kernel': d.get('kernel'),
                 'message': d['message'], 'verdict': '', 'reason': ''})
  if os.path.exists(table):
    print('\n%s exists: not written again' % table, file=sys.stderr)
    return 0
  with open(table, 'w', newline='') as f:
    w = csv.DictWriter(f, COLUMNS, delimiter='\t', lineterminator='\n')
    w.writeheader()
    w.writerows(rows)
  print('\njudgments to fill: %s' % table, file=sys.stderr)
  return 0


def summary(args):
  verdicts = collections.defaultdict(collections.Counter)
  for t in args.tables:
    with open(t, newline='') as f:
      for row in csv.DictReader(f, delimiter='\t'):
        v = row['verdict'].strip()
        if v not in VERDICTS:
          print('%s: %s has no verdict (%r)' % (t, row['id'], v), file=sys.stderr)
          return 1
        verdicts[row['codebase']][v] += 1
        verdicts['rule ' + row['rule']][v] += 1
        verdicts['all'][v] += 1
  print('%-36s %5s %5s %5s %5s %5s %7s' %
        ('', 'judged', 'true', 'negl.', 'false', 'undec', 'precis.'))
  for key in sorted(verdicts, key=lambda k: (k == 'all', k.startswith('rule'), k)):
    c = verdicts[key]
    decided = c['true'] + c['negligible'] + c['false']
    share = '%.0f%%' % (100.0 * (c['true'] + c['negligible']) / decided) if decided else '-'
    print('%-36s %5d %5d %5d %5d %5d %7s' %
          (key, sum(c.values()), c['true'], c['negligible'], c['false'],
           c['undecided'], share))
  return 0


def main():
  ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
  sub = ap.add_subparsers(dest='cmd', required=True)
  s = sub.add_parser('sample')
  s.add_argument('name')
  s.add_argument('checkout')
  s.add_argument('-p', help='build directory with compile_commands.json')
  s.add_argument('--count', type=int, default=15)
  s.add_argument('--seed', type=int, default=43)
  s.add_argument('--jobs', type=int, default=2)
  s.add_argument('--timeout', type=int, default=300)
  s.add_argument('--limit', type=int, default=0)
  s.add_argument('--warplint', default=os.path.join(
      os.path.dirname(os.path.abspath(__file__)), '..', 'build', 'bin', 'warplint'))
  s.add_argument('--out', default=os.path.join(
      os.path.dirname(os.path.abspath(__file__)), 'precision'))
  t = sub.add_parser('summary')
  t.add_argument('tables', nargs='+')
  # The flags for every compile are what follows `--`, wherever the options are.
  argv = sys.argv[1:]
  extra = argv[argv.index('--') + 1:] if '--' in argv else []
  args = ap.parse_args(argv[:argv.index('--')] if '--' in argv else argv)
  args.extra = extra
  if args.cmd == 'sample':
    args.checkout = os.path.abspath(args.checkout)
    return sample(args)
  return summary(args)


if __name__ == '__main__':
  sys.exit(main())
