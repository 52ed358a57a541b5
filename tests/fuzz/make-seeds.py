#!/usr/bin/env python3
"""Writes the hand-made seed inputs of the fuzz targets into OUT/<target>/ (README.md in this folder).

The committed corpora (corpus/<target>/) started from these seeds and were grown by libFuzzer; run this only to
re-seed: tests/fuzz/make-seeds.py /tmp/seeds, then fuzz from there and merge into corpus/<target>/.
The interpreter and context seeds are programs written with the byte encoding of fuzz::Input (fuzz-common.hpp).
"""
import hashlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def R(lo, hi, v):  # fuzz::Input::Range
    assert lo <= v <= hi and hi - lo < 256
    return [v - lo]


def S(v):  # fuzz::Input::Size, a small value
    return [1, v]


def D(i):  # fuzz::Input::Double: index into {0, 1, -1, 0.5, 2, 1e-300, 1e300, -0, 3.25, -7.5}
    return [i]


def B(b):
    return [1 if b else 0]


def write(out, target, name, data):
    d = out / target
    d.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (d / f"seed-{name}").write_bytes(bytes(data))


def resource_seeds(out):
    resources = ["/cpu/self", "/cpu/self/ref", "/cpu/self/ref/serial", "/cpu/self/ref/blocked", "/cpu/self/gen", "/cpu/self/gen:lanes=4",
                 "/cpu/self/gen:lanes=3", "/cpu/self/ref/serial:lanes=4,x=1", "/cpu/self/ref/serial:a=b:c", "/cpu/test/device-emulation",
                 "/gpu/cuda", "/gpu/cuda/ref", "/gpu/cuda/gen:device_id=0", "/gpu/hip/shared", "/gpu", "/cpu", "/", "", ":", "/cpu/self/",
                 "/cpu//self", "/cpu/self/ref/serial/extra", "/cpu/self/ref/blockedx", "/fuzz/chain/a", "/fuzz/chain/b", "/fuzz/chain",
                 "/fuzz/loop", "/fuzz/loop/inner", "/fuzz/noentry", "/cpu/self/ref/blocked/fuzz", "/cpu/self/fuzz", "/fuzz"]
    keys = ["lanes", "x", "a", "", "device_id", "c"]
    for i, r in enumerate(resources):
        write(out, "resource", f"{i:02d}", f"{r}\n{keys[i % len(keys)]}\n" + chr(4 + i % 30))


def manifest_seeds(out):
    for path in sorted(ROOT.glob("**/*.json.in")):
        if "build" in path.parts[len(ROOT.parts):][0]:
            continue
        text = path.read_text()
        text = text.replace("@CEEDRT_PLUGIN_LIBRARY@", "libceedrt-x.so").replace("@CMAKE_CXX_COMPILER@", "/usr/bin/c++")
        text = re.sub(r"@[A-Za-z_]+@", "1", text)
        write(out, "manifest", path.name.replace(".json.in", ""), text)
    write(out, "manifest", "minimal", '{"name":"m","library":"/l.so","entry":"e","abi_version":1,"resources":[{"prefix":"/a","priority":0}]}')
    write(out, "manifest", "wide-abi", '{"name":"m","library":"l.so","entry":"e","abi_version":4294967297,"resources":[{"prefix":"/a","priority":4294967296}]}')
    write(out, "manifest", "bad-resources", '{"name":"m","library":"l.so","entry":"e","abi_version":1,"resources":[1,{"prefix":"a"},{"prefix":"/b","priority":-1}]}')
    write(out, "manifest", "not-object", '[{"name":"m"}]')


def jit_seeds(out):
    seeds = {
        "plain": "// a QFunction\nCEED_QFUNCTION(f)(void *ctx, CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) { return 0; }\n",
        "local": '#include "helper.h"\nint main_body;\n//@file src/helper.h\n#pragma once\nint helper;\n',
        "root": '#include "common/defs.h"\n#include <ceed/types.h>\n#include <math.h>\n#include <cuda.h>\n//@file root/common/defs.h\n# pragma once\n#define X 1\n',
        "cycle": '#include "a.h"\n//@file src/a.h\n#include "b.h"\nint a;\n//@file src/b.h\n#include "a.h"\n#include "main.h"\nint b;\n',
        "missing": '#include "nowhere.h"\n',
        "angle-missing": "#include <ceed/jit-source/nowhere.h>\n",
        "dotdot": '#include "../root/r.h"\n#include "sub/../s.h"\n//@file root/r.h\nint r;\n//@file src/s.h\nint s;\n',
        "absolute": '#include "@TMP@/root/abs.h"\n//@file root/abs.h\nint abs_h;\n',
        "subdir": '//@file src/q/main.h\n  #  include   "../inc/x.h"\n//@file src/inc/x.h\n#include <ceed/jit-source/gallery/ceed-mass-1d-build.h>\n',
        "gallery": "#include <ceed/jit-source/gallery/ceed-poisson-3d-apply.h>\n#include <ceed/jit-source/gallery/ceed-scale.h>\n",
        "unterminated": '#include "x.h\n#include <y.h\n#include\n#\n#pragma once extra\n',
    }
    for name, text in seeds.items():
        write(out, "jit-source", name, text)


def context_seeds(out):
    # Every step is the slot k, then the opcode (context-fuzz.cpp, Step), then its arguments.
    cmd = lambda op, k: R(0, 2, k) + R(0, 13, op)
    reg = lambda k, name, off, num, typ: cmd(0, k) + [name] + S(off) + S(num) + B(0) + R(0, 2, typ) + [0]
    setdata = lambda k, size, mode: cmd(5, k) + S(size) + R(0, 2, mode) + [7] * size
    look = lambda k, slot, name: cmd(1, k) + R(0, 7, slot) + [name]
    use = lambda k, slot, action, ctx: cmd(3, k) + R(0, 7, slot) + R(0, 5, action) + R(0, 2, ctx) + D(3)
    # resource serial; register doubles/ints/bools on context 0, set data, look up, write and read.
    prog = B(0) + setdata(0, 40, 0) + reg(0, 0, 0, 2, 0) + reg(0, 1, 16, 3, 1) + reg(0, 2, 28, 4, 2) + look(0, 0, 0) + look(0, 1, 1) + look(0, 2, 2)
    prog += use(0, 0, 0, 0) + use(0, 0, 3, 0) + use(0, 1, 1, 0) + use(0, 1, 4, 0) + use(0, 2, 2, 0) + use(0, 2, 5, 0) + use(0, 0, 4, 0)
    write(out, "context", "fields", prog)
    # QFunctions and operators sharing contexts, a composite, labels through operators.
    # The QFunction's size is read only when slot q has none yet.
    qf = lambda k, q, fresh=True: cmd(8, k) + R(0, 2, q) + (R(1, 3, 1) if fresh else []) + B(0) + B(1)
    op = lambda k: cmd(9, k)
    composite = lambda k: cmd(10, k)
    oplook = lambda k, slot, name, comp: cmd(2, k) + R(0, 7, slot) + [name] + B(comp)
    prog2 = B(0) + setdata(0, 40, 0) + setdata(1, 40, 1) + reg(0, 0, 0, 2, 0) + reg(1, 0, 8, 2, 0) + reg(1, 1, 0, 1, 1)
    prog2 += qf(0, 0) + qf(1, 1) + op(0) + op(1) + composite(0) + composite(0) + composite(1)
    prog2 += oplook(0, 0, 0, 1) + use(0, 0, 0, 0) + use(0, 0, 3, 0) + oplook(1, 1, 1, 0) + use(0, 1, 1, 0) + oplook(0, 2, 0, 0) + use(0, 2, 0, 0)
    prog2 += cmd(4, 1) + cmd(11, 0) + cmd(12, 0) + B(1) + cmd(6, 1) + B(0) + R(0, 2, 2) + cmd(13, 0) + R(0, 2, 2) + cmd(7, 1)
    write(out, "context", "operators", prog2)
    write(out, "context", "device", B(1) + setdata(0, 16, 2) + reg(0, 0, 0, 2, 0) + look(0, 0, 0) + use(0, 0, 0, 0) + cmd(6, 0) + B(1) + R(0, 2, 0) + cmd(6, 0) + B(1) + R(0, 2, 1))
    # A composite label used after the sub-QFunction's context was replaced (its labels freed), then
    # after a replacement registering the field with another type.
    prog3 = B(0) + setdata(0, 16, 0) + reg(0, 0, 0, 2, 0) + qf(0, 0) + op(0) + composite(0) + composite(0)
    prog3 += oplook(0, 0, 0, 1) + use(0, 0, 0, 0) + cmd(7, 0) + setdata(0, 16, 0) + reg(0, 0, 0, 2, 0) + qf(0, 0, False)
    prog3 += use(0, 0, 0, 0) + use(0, 0, 3, 0) + cmd(7, 0) + setdata(0, 16, 0) + reg(0, 0, 0, 2, 1) + qf(0, 0, False) + use(0, 0, 0, 0) + use(0, 0, 4, 0)
    write(out, "context", "composite-replaced-context", prog3)


def interpreter_seeds(out):
    def vec(k, n):
        return [0] + R(0, 3, k) + S(n)

    def setarray(k):
        return [1] + R(0, 3, k) + R(0, 3, k) + R(0, 3, k) + R(0, 7, 1) + B(1) + D(0)

    def setvalue(k, d):
        return [1] + R(0, 3, k) + R(0, 3, k) + R(0, 3, k) + R(0, 7, 0) + D(d)

    def basis(k, dim, comp, p, q):
        return [3] + R(0, 2, k) + R(0, 3, 0) + R(0, 3, dim) + R(0, 3, comp) + R(0, 5, p) + R(0, 5, q) + B(0)

    def rstr(k, ne, es, nc, cs, l, kind=0, mode=0):
        return [2] + R(0, 3, k) + R(0, 5, kind) + S(ne) + S(es) + S(nc) + S(cs) + S(l) + R(0, 2, mode)

    def strided(k, ne, es, nc, l):
        return rstr(k, ne, es, nc, 1, l, kind=3, mode=2) + [0, 0, 0] + B(1)

    def qf(k, sel):
        return [4] + R(0, 2, k) + R(0, 20, sel)

    def op(k, q):
        return [5] + R(0, 2, k) + R(0, 2, q)

    def field(k, nfields, index, r, b, v):  # r: 0-3 or 4 = NONE; b: 0-2 or 3 = NONE; v: 0-3, 4 ACTIVE, 5 NONE
        return [6] + R(0, 2, k) + B(0) + R(0, nfields - 1, index) + R(0, 4, r) + R(0, 3, b) + R(0, 6, v)

    def apply(k, u, v):
        return [7] + R(0, 3, k) + R(0, 6, u) + R(0, 6, v) + B(1)

    def assemble(k, vec_k, case):
        return [10] + R(0, 3, k) + R(0, 3, vec_k) + R(0, 5, case)

    for dim, (build, apply_qf, ne, l) in {1: (2, 5, 3, 4), 2: (3, 5, 2, 6), 3: (4, 5, 1, 8)}.items():
        es, nq = 2 ** dim, 3 ** dim
        prog = R(0, 2, 0) + basis(0, dim, 1, 2, 3) + rstr(0, ne, es, 1, 1, l) + strided(1, ne, nq, 1, ne * nq)
        prog += qf(0, build) + qf(1, apply_qf) + vec(0, l * dim) + vec(1, ne * nq) + vec(2, l) + vec(3, l)
        prog += setarray(0) + setvalue(2, 1)
        # the coordinates use a dim-component restriction and basis
        prog += basis(1, dim, dim, 2, 3) + rstr(2, ne, es, dim, l, l * dim)
        prog += op(0, 0) + field(0, 3, 0, 2, 1, 4) + field(0, 3, 1, 4, 0, 5) + field(0, 3, 2, 1, 3, 4) + apply(0, 0, 1)
        prog += op(1, 1) + field(1, 3, 0, 0, 0, 4) + field(1, 3, 1, 1, 3, 1) + field(1, 3, 2, 0, 0, 4) + apply(1, 2, 3)
        prog += assemble(1, 3, 0) + assemble(1, 3, 1) + assemble(1, 3, 2) + assemble(1, 3, 3) + assemble(1, 3, 5)
        prog += [10] + R(0, 3, 1) + R(0, 3, 3) + R(0, 5, 4) + R(0, 3, 3) + R(0, 3, 0) + R(0, 2, 0)
        prog += [11] + [11] + R(0, 2, 1) + apply(3, 2, 3) + [12] + R(0, 3, 1) + [0, 0, 0]
        write(out, "interpreter", f"mass-{dim}d", prog)
        prog_p = prog.copy()
        prog_p[0] = 1
        write(out, "interpreter", f"mass-{dim}d-blocked", prog_p)
        prog_p[0] = 2
        write(out, "interpreter", f"mass-{dim}d-device", prog_p)
    # Poisson 2D with restrictions of every kind, bases of every kind, and vector operations.
    prog = R(0, 2, 0)
    for kind in range(6):
        prog += rstr(kind % 4, 2, 4, 1, 1, 6, kind=kind, mode=kind % 3) + [8] + R(0, 3, kind % 4) + R(0, 2, 1) + R(0, 3, 0)
    for kind in range(4):
        prog += [3] + R(0, 2, kind % 3) + R(0, 3, kind) + [1, 1, 2, 3, 0] + [1] * 40
    for case in range(8):
        prog += [1, 0, 1, 2] + R(0, 7, case) + [1, 1]
    write(out, "interpreter", "kinds", prog)


def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "seeds")
    resource_seeds(out)
    manifest_seeds(out)
    jit_seeds(out)
    context_seeds(out)
    interpreter_seeds(out)
    for d in sorted(out.iterdir()):
        print(f"{d.name}: {len(list(d.iterdir()))} seeds")


if __name__ == "__main__":
    main()
