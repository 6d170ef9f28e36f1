#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generates tgsiva's table of Valhall instruction forms.

Reads the ISA description (../shared/spec/valhall-isa.xml) and writes two C
files that are committed, so that the project builds without ../shared:

  va_isa.h        enums (forms, units, every XML enum, modifiers,
                  immediates, swizzle tokens, special FAU values) and the
                  types of the tables
  va_isa_table.c  one row per instruction form, the enum value names, the
                  immediate table, and the forms of each primary opcode

Run it by hand after the XML changes:

  python3 src/emit/gen_va_isa.py [--xml FILE] [--out DIR]

The `conformance` test suite runs it into a temporary directory and fails
if the output differs from the committed files.

The XML says where named fields sit but leaves the common layout implicit;
those facts (source bytes, per-source modifier bits, the bit positions of
the modifiers named by a bare tag, where the secondary opcode goes) come from
spec/valhall-encoding.md and are written down here as data.  The generator
also proves what the decoder relies on: within a form no two fields share a
bit, and no two forms of one primary opcode share a secondary opcode.
"""
import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

# Modifiers named by a bare tag: tag -> (modifier, enum or None, start, bits).
# A modifier without an enum is a flag printed as ".name".
BARE_MODS = {
    'slot': ('slot', 'slot', 30, 3),
    'roundmode': ('round_mode', 'round_mode', 30, 2),
    'result_type': ('result_type', 'result_type', 30, 2),
    'saturate': ('saturate', None, 30, 1),
    'not_result': ('not_result', None, 30, 1),
    'cmp': ('cmp', 'condition', 32, 3),
    'clamp': ('clamp', 'clamp', 32, 2),
    'lane_op': ('lane_op', 'lane_operation', 32, 2),
    'sample_and_update': ('sample_and_update', 'sample_and_update_mode',
                          33, 3),
    'conservative': ('conservative', None, 35, 1),
    'subgroup': ('subgroup', 'subgroup_size', 36, 4),
    'update': ('update', 'update_mode', 36, 2),
    'sample': ('sample', 'sample_mode', 38, 2),
    'memory_access': ('memory_access', 'memory_access', 24, 2),
    'regfmt': ('regfmt', 'register_format', 24, 3),
    'source_format': ('source_format', 'source_format', 24, 4),
    'vecsize': ('vecsize', 'vector_size', 28, 2),
    'atom_opc': ('atom_opc', 'atomic_operation', 22, 4),
    'atom_opc_1': ('atom_opc_1', 'atomic_operation_with_1', 22, 4),
    'inactive_result': ('inactive_result', 'inactive_result', 22, 4),
    'wide_indices': ('wide_indices', None, 8, 1),
    'array_enable': ('array_enable', None, 10, 1),
    'texel_offset': ('texel_offset', None, 11, 1),
    'shadow': ('shadow', None, 12, 1),
    'integer_coordinates': ('integer_coordinates', None, 13, 1),
    'fetch_component': ('fetch_component', 'fetch_component', 14, 2),
    'lod_mode': ('lod_mode', 'lod_mode', 13, 3),
    'lod_bias_disable': ('lod_bias_disable', None, 13, 1),
    'lod_clamp_disable': ('lod_clamp_disable', None, 14, 1),
    'write_mask': ('write_mask', 'write_mask', 22, 4),
    'register_type': ('register_type', 'register_type', 26, 2),
    'dimension': ('dimension', 'dimension', 28, 2),
    'skip': ('skip', None, 39, 1),
    'register_width': ('register_width', 'register_width', 46, 1),
    'secondary_register_width': ('secondary_register_width',
                                 'register_width', 47, 1),
    'vartex_register_width': ('vartex_register_width',
                              'varying_texture_register_width', 24, 2),
}

# Implied count fields of the staging operands: tag -> (start, bits).
COUNT_FIELDS = {'sr_count': (33, 3), 'sr_write_count': (36, 3)}

# Modifiers whose <mod start="128"> is not a field of the word: they say
# how the secondary opcode is laid out.
PSEUDO_MODS = ('left', 'descriptor_type', 'memory_width')

# The enums a source's swizzle-like field can take, by capability.
SWIZZLE_ENUMS = ('widen', 'swizzles_8_bit', 'swizzles_16_bit',
                 'swizzles_32_bit', 'swizzles_64_bit', 'lanes_8_bit',
                 'half_swizzles_8_bit', 'lane_8_bit', 'lane_16_bit',
                 'combine')

UNITS = ('NONE', 'CVT', 'FMA', 'SFU', 'LS', 'V', 'T', 'VT')

# What a message does, for the passes that order, wait for or keep
# messages (enum va_msg; ALU forms are NONE).
MESSAGE_KINDS = (
    ('NONE', 'an ALU form'),
    ('VARYING', 'reads or interpolates a varying'),
    ('ADDRESS', 'computes an address; reads no memory'),
    ('TEXTURE', 'samples or fetches through a texture descriptor'),
    ('CONST_LOAD', 'loads memory no shader writes (attributes, buffers)'),
    ('LOAD', 'loads memory a shader may write (global, texels, tile)'),
    ('STORE', 'stores to memory'),
    ('ATOMIC', 'reads and writes memory at once'),
    ('BLEND', 'blends a colour into the tile buffer'),
    ('FRAGMENT_TEST', 'alpha, depth or stencil test of the fragment'),
    ('BARRIER', 'waits for the workgroup and its memory'),
)

# The message kind where the XML is silent: the unit says V (varying),
# T and VT (texture); an LS form with a memory_access modifier loads
# (its staging registers are written) or stores (read); an atomic
# operation modifier makes an atomic.  The other messages are named here,
# by the name before the first '.', and the generator fails on a message
# form that has no kind, or a name below that matches no form.
MESSAGE_KIND_BY_NAME = {
    'LD_ATTR_IMM': 'CONST_LOAD', 'LD_ATTR': 'CONST_LOAD',
    'LD_BUFFER': 'CONST_LOAD',
    'LD_TEX_IMM': 'LOAD', 'LD_TEX': 'LOAD',   # image loads
    'LD_TILE': 'LOAD', 'ST_TILE': 'STORE',
    'LEA_ATTR_IMM': 'ADDRESS', 'LEA_ATTR': 'ADDRESS',
    'LEA_TEX_IMM': 'ADDRESS', 'LEA_TEX': 'ADDRESS',
    'LEA_BUF_IMM': 'ADDRESS',
    'BLEND': 'BLEND', 'ATEST': 'FRAGMENT_TEST', 'ZS_EMIT': 'FRAGMENT_TEST',
    'BARRIER': 'BARRIER',
}
ALU_UNITS = ('FMA', 'CVT', 'SFU')
HEADER_GUARD = 'TGSIVA_EMIT_VA_ISA_H'


def fail(msg):
    sys.exit(f'gen_va_isa.py: {msg}')


def ident(text):
    """A C identifier fragment: lower case, runs of other characters -> _."""
    s = re.sub(r'[^0-9a-zA-Z]+', '_', text).strip('_').lower()
    if not s:
        fail(f'cannot make an identifier of {text!r}')
    return s


def type_size(name):
    """Bits of the type an instruction name ends with (32 if none)."""
    for suffix, bits in (('128', 128), ('96', 96), ('64', 64), ('48', 48),
                         ('32', 32), ('24', 24), ('16', 16), ('8', 8)):
        if name.endswith(suffix):
            return bits
    return 32


class Enum:
    def __init__(self, el):
        self.name = el.attrib['name']
        self.id = ident(self.name)
        self.values = []      # token or None (reserved), by encoded value
        self.default = None
        for child in el:
            if child.tag == 'value':
                if child.attrib.get('default') == 'true':
                    self.default = len(self.values)
                self.values.append(child.text.strip())
            elif child.tag == 'reserved':
                self.values.append(None)
        tokens = [v for v in self.values if v is not None]
        if len(set(tokens)) != len(tokens):
            fail(f'enum {self.name} repeats a value')


class Source:
    def __init__(self, el, index, slot, tsize):
        self.index = index
        self.start = 8 * slot
        self.size = int(el.attrib.get('size', tsize))
        a = el.attrib
        self.absneg = a.get('absneg') == 'true'
        self.is_float = a.get('float') == 'true' or self.absneg
        self.notted = a.get('not') == 'true'
        self.kind = None           # swizzle-like capability
        self.swz_enum = None
        self.swz_start = self.swz_bits = 0
        if a.get('swizzle') == 'true':
            if self.size not in (16, 32):
                fail(f'swizzle on a {self.size}-bit source')
            self.set_kind('SWIZZLE',
                          'widen' if self.size == 32 else 'swizzles_16_bit',
                          28 - 2 * slot, 2)
        for attr, kind, enum in (
                ('widen', 'WIDEN', f'swizzles_{self.size}_bit'),
                ('lanes', 'LANES', 'lanes_8_bit'),
                ('halfswizzle', 'HALFSWIZZLE', 'half_swizzles_8_bit')):
            if a.get(attr) == 'true':
                self.set_kind(kind, enum, 26 if slot == 1 else 36, 4)
        if 'lane' in a:
            start = (38 if slot == 0 else 36) if a['lane'] == 'true' \
                else int(a['lane'])
            self.set_kind('LANE', f'lane_{self.size}_bit', start,
                          2 if self.size in (8, 32) else 1)
        if a.get('combine') == 'true':
            self.set_kind('COMBINE', 'combine', 37, 3)
        self.neg_bit = 38 - 2 * slot if self.absneg else 0
        self.abs_bit = 39 - 2 * slot if self.absneg else 0

    def set_kind(self, kind, enum, start, bits):
        if self.kind:
            fail('a source with two swizzle-like fields')
        self.kind, self.swz_enum = kind, enum
        self.swz_start, self.swz_bits = start, bits


class Staging:
    def __init__(self, el):
        a = el.attrib
        self.read = a.get('read') == 'true'
        self.write = a.get('write') == 'true'
        self.fixed_count = int(a.get('count', '0'))
        flags = a.get('flags', 'true')
        self.start = 16 if self.write and flags == 'false' else 40
        if flags == 'false':
            self.flag_bits = None
        elif flags == 'rw':
            self.flag_bits = 0xC0
        else:
            self.flag_bits = (0x80 if self.write else 0) | \
                (0x40 if self.read else 0)
        self.count_start = self.count_bits = self.count_bias = 0


class Form:
    def __init__(self, el, over):
        get = lambda k: over.get(k) or el.attrib.get(k)
        self.name = get('name')
        self.opcode = int(get('opcode'), 0)
        op2 = get('opcode2')
        self.opcode2 = int(op2, 0) if op2 is not None else None
        self.unit = get('unit') or 'NONE'
        if self.unit not in UNITS:
            fail(f'{self.name}: unknown unit {self.unit}')
        self.message = self.unit not in ALU_UNITS
        self.size = type_size(self.name)
        self.dests = int(el.attrib.get('dests', '0'))
        self.srcs = []
        slot = 0
        for s in el.findall('src'):
            src = Source(s, len(self.srcs), slot, self.size)
            self.srcs.append(src)
            # A 64-bit source of a narrower instruction takes two bytes.
            slot += 2 if (src.size == 64 and self.size != 64) else 1
        self.staging = [Staging(s) for s in el.findall('sr')]
        self.imms = [(i.attrib['name'], int(i.attrib['start']),
                      int(i.attrib['size']), i.attrib.get('signed') == 'true')
                     for i in el.findall('imm')]
        self.mods = []         # (modifier, enum or None, start, bits)
        self.pseudo = set()
        counts = {}
        for child in el:
            if child.tag in BARE_MODS:
                self.mods.append(BARE_MODS[child.tag])
            elif child.tag in COUNT_FIELDS:
                counts[child.tag] = COUNT_FIELDS[child.tag]
            elif child.tag == 'mod':
                self.add_mod(child)
        self.assign_counts(counts)
        self.place_opcode2()
        self.kind = self.message_kind()

    def message_kind(self):
        """The form's enum va_msg (MESSAGE_KIND_BY_NAME says how)."""
        mods = {m[0] for m in self.mods}
        by_name = MESSAGE_KIND_BY_NAME.get(self.name.split('.')[0])
        derived = None
        if not self.message:
            derived = 'NONE'
        elif self.unit == 'V':
            derived = 'VARYING'
        elif self.unit in ('T', 'VT'):
            derived = 'TEXTURE'
        elif self.unit == 'LS' and mods & {'atom_opc', 'atom_opc_1'}:
            derived = 'ATOMIC'
        elif self.unit == 'LS' and 'memory_access' in mods:
            derived = 'LOAD' if self.staging[0].write else 'STORE'
        if derived and by_name:
            fail(f'{self.name}: the message kind is named and derived')
        if not (derived or by_name):
            fail(f'{self.name}: a message without a kind')
        return derived or by_name

    def add_mod(self, el):
        name = el.attrib['name']
        start, bits = int(el.attrib['start']), int(el.attrib['size'])
        if start >= 64:
            if name not in PSEUDO_MODS:
                fail(f'{self.name}: unknown pseudo modifier {name}')
            self.pseudo.add(name)
        else:
            self.mods.append((name, ident(name) if bits > 1 else None,
                              start, bits))

    def assign_counts(self, counts):
        for sr in self.staging:
            if sr.fixed_count:
                continue
            tag = 'sr_write_count' if sr.write and 'sr_write_count' in \
                counts else 'sr_count'
            if tag not in counts:
                fail(f'{self.name}: staging operand without a count')
            sr.count_start, sr.count_bits = counts[tag]
            sr.count_bias = 1 if tag == 'sr_write_count' else 0

    def place_opcode2(self):
        self.op2_start = max(8 * len(self.srcs), 16)
        self.op2_mask = 0xF if self.opcode2 is not None else 0
        if 'left' in self.pseudo:
            self.op2_mask |= 0x100
        if len(self.srcs) == 3 and self.srcs[1].kind in \
                ('WIDEN', 'LANES', 'SWIZZLE'):
            self.op2_mask &= ~0xC      # bits 26-27 are source 1's swizzle
        if self.opcode == 0x90:
            self.op2_mask |= 0x10      # signed/unsigned conversions
        if self.name.startswith(('LOAD.i', 'STORE.i', 'LD_BUFFER.i')):
            self.op2_start, self.op2_mask = 27, 0x7
        if 'descriptor_type' in self.pseudo:
            self.op2_start, self.op2_mask = 37, 0x3
        elif 'memory_width' in self.pseudo:
            self.op2_start, self.op2_mask = 27, 0x7
        if (self.opcode2 or 0) & ~self.op2_mask:
            fail(f'{self.name}: opcode2 does not fit its field')

    def fields(self):
        """(what, mask) of every field of the word this form owns."""
        f = [('opcode', 0x1FF << 48), ('page', 3 << 57), ('flow', 15 << 59),
             ('opcode2', self.op2_mask << self.op2_start)]
        if self.dests:
            f.append(('dest', 0xFF << 40))
        elif not self.staging:
            f.append(('mask placeholder', 0xC0 << 40))
        for i, sr in enumerate(self.staging):
            bits = 0x3F if sr.flag_bits is None else 0xFF
            f.append((f'staging {i}', bits << sr.start))
            if sr.count_bits:
                f.append((f'staging {i} count',
                          ((1 << sr.count_bits) - 1) << sr.count_start))
        for s in self.srcs:
            f.append((f'source {s.index}', 0xFF << s.start))
            if s.absneg:
                f.append((f'source {s.index} neg', 1 << s.neg_bit))
                f.append((f'source {s.index} abs', 1 << s.abs_bit))
            if s.notted:
                f.append((f'source {s.index} not', 1 << 35))
            if s.kind:
                f.append((f'source {s.index} {s.kind.lower()}',
                          ((1 << s.swz_bits) - 1) << s.swz_start))
        for name, _, start, bits in self.mods:
            f.append((name, ((1 << bits) - 1) << start))
        for name, start, bits, _ in self.imms:
            f.append((name, ((1 << bits) - 1) << start))
        return [(w, m & 0xFFFFFFFFFFFFFFFF) for w, m in f if m]

    def check(self, enums):
        seen = 0
        names = {}
        for what, mask in self.fields():
            if seen & mask:
                fail(f'{self.name}: field {what} overlaps another field')
            seen |= mask
        if len(self.srcs) > 4 or len(self.staging) > 2 or \
                len(self.imms) > 2 or self.dests > 1:
            fail(f'{self.name}: more operands than the tables hold')
        if self.dests and self.staging:
            fail(f'{self.name}: both a destination and staging registers')
        # Every printed modifier token must name one modifier of the form
        # (a default prints nothing, so only the assembler can meet it).
        for mod, enum, _, _ in self.mods:
            e = enums.get(enum)
            tokens = [mod] if enum is None else \
                [v for i, v in enumerate(e.values) if v and i != e.default]
            # Two modifiers of one enum (TEX_DUAL's register widths) may
            # share tokens: the assembler fills them in printing order.
            for t in tokens:
                if t in names and names[t] != (enum or mod):
                    fail(f'{self.name}: modifier token {t} is ambiguous')
                names[t] = enum or mod
        for s in self.srcs:
            if s.swz_enum and s.swz_enum not in enums:
                fail(f'{self.name}: no enum {s.swz_enum}')


def parse(path):
    root = ET.parse(path).getroot()
    lut = [int(c.text, 0) for c in root.find('lut').findall('constant')]
    if len(lut) != 32:
        fail('the immediate table must have 32 entries')
    enums = {}
    for el in root.findall('enum'):
        e = Enum(el)
        enums[e.id] = e
    forms = []
    for el in root:
        if el.tag == 'ins':
            forms.append(Form(el, {}))
        elif el.tag == 'group':
            for ins in el.findall('ins'):
                forms.append(Form(el, ins.attrib))
    return lut, enums, forms


def check_all(enums, forms):
    families = {f.name.split('.')[0] for f in forms}
    for name in MESSAGE_KIND_BY_NAME:
        if name not in families:
            fail(f'MESSAGE_KIND_BY_NAME: no form is named {name}')
    names = set()
    buckets = {}
    for f in forms:
        if f.name in names:
            fail(f'{f.name} defined twice')
        names.add(f.name)
        f.check(enums)
        for _, enum, _, _ in f.mods:
            if enum and enum not in enums:
                fail(f'{f.name}: no enum {enum}')
        buckets.setdefault(f.opcode, []).append(f)
    for opcode, group in buckets.items():
        seen = {}
        for f in group:
            if (f.op2_start, f.op2_mask) != \
                    (group[0].op2_start, group[0].op2_mask):
                fail(f'{f.name}: opcode2 field differs within opcode '
                     f'{opcode:#x}')
            key = f.opcode2 or 0
            if key in seen:
                fail(f'{f.name} and {seen[key]} share opcode {opcode:#x} '
                     f'and opcode2 {key:#x}')
            seen[key] = f.name
    return buckets


# ---------------------------------------------------------------------------
# C output


def op_id(name):
    return 'VA_OP_' + ident(name).upper()


def enum_const(enum, token):
    return f'VA_{enum.id.upper()}_{ident(token).upper()}'


def wrap(head, items, tail, indent):
    """head item, item, ... tail, wrapped at 80 columns."""
    lines, cur = [], head
    for i, it in enumerate(items):
        piece = it + (',' if i + 1 < len(items) else tail)
        if len(cur) + len(piece) + 1 > 80 and cur.strip():
            lines.append(cur.rstrip())
            cur = ' ' * indent + piece
        else:
            cur += ('' if cur.endswith(('{', '(')) or not cur.strip()
                    else ' ') + piece
        if len(cur) > 80 and '(' in piece:
            # One call too wide for a line: break it between arguments.
            name, args = piece.split('(', 1)
            start = cur[:len(cur) - len(piece)]
            sub = wrap(start + name + '(', args.split(', '), '',
                       len(start) + 4)
            lines += sub[:-1]
            cur = sub[-1]
    lines.append(cur.rstrip())
    return lines


def c_enum(name, consts, comment=None):
    out = []
    if comment:
        out.append(f'/* {comment} */')
    out.append(f'enum {name} {{')
    for c in consts:
        out.append(f'   {c},')
    out.append('};')
    out.append('')
    return out


HEADER_TYPES = '''\
/* Capabilities of a source (struct va_src_info.flags). */
#define VA_SRC_FLOAT       (1u << 0) /* read as a float */
#define VA_SRC_ABSNEG      (1u << 1) /* takes .abs and .neg */
#define VA_SRC_NOT         (1u << 2) /* takes .not */
#define VA_SRC_SWIZZLE     (1u << 3) /* 2-bit swizzle (Widen/16-bit) */
#define VA_SRC_WIDEN       (1u << 4) /* 4-bit widen (Swizzles (N-bit)) */
#define VA_SRC_LANES       (1u << 5) /* 4-bit byte pair (Lanes (8-bit)) */
#define VA_SRC_HALFSWIZZLE (1u << 6) /* 4-bit byte pair (Half-swizzles) */
#define VA_SRC_LANE        (1u << 7) /* lane of a narrow source */
#define VA_SRC_COMBINE     (1u << 8) /* BRANCHZ lane select (Combine) */

/* One XML enum: the name of each encoded value ("rte", ...), NULL where
 * the value is reserved.  `swz` maps each value of a swizzle-like enum
 * to its token in enum va_swz. */
struct va_enum_info {
   const char *name;
   uint8_t count;
   int8_t default_value; /* -1: the value must be given */
   const char *const *values;
   const uint8_t *swz;
};

struct va_src_info {
   uint8_t start; /* first bit of the source byte */
   uint8_t size;  /* bits read: 8, 16, 32 or 64 */
   uint16_t flags;
   uint8_t swz_enum; /* enum va_enum of the swizzle field, or VA_ENUM_NONE */
   uint8_t swz_start, swz_bits;
   uint8_t neg_bit, abs_bit; /* when VA_SRC_ABSNEG */
};

/* A staging operand: consecutive registers named by their base. */
struct va_sr_info {
   uint8_t start;     /* bit of the register number (6 bits) */
   bool has_flags;    /* bits 6-7 of the byte carry read/write flags */
   uint8_t flags;     /* their value: 0x80 written, 0x40 read */
   bool read, write;
   uint8_t fixed_count;           /* 0: the count comes from a field */
   uint8_t count_start, count_bits;
   uint8_t count_bias;            /* the field holds count - bias */
};

struct va_mod_info {
   uint8_t mod;     /* enum va_mod */
   uint8_t start;
   uint8_t bits;
   uint8_t enum_id; /* enum va_enum, or VA_ENUM_NONE for a flag */
};

struct va_imm_info {
   uint8_t imm; /* enum va_imm */
   uint8_t start;
   uint8_t bits;
   bool is_signed;
};

struct va_form {
   const char *name; /* mnemonic, e.g. "FADD.f32" */
   uint16_t opcode;  /* primary opcode, bits 48-56 */
   uint16_t opcode2; /* secondary opcode ... */
   uint16_t opcode2_mask; /* ... in these bits ... */
   uint8_t opcode2_start; /* ... from this one */
   uint8_t unit;     /* enum va_unit */
   bool message;     /* not an ALU (FMA/CVT/SFU) instruction */
   uint8_t kind;     /* enum va_msg: what the message does */
   uint8_t size;     /* bits of the type the name ends with (32 if none) */
   uint8_t nr_dests, nr_srcs, nr_staging, nr_mods, nr_imms;
   uint64_t mod_set; /* bit m: the form has modifier m (enum va_mod) */
   /* Lists of nr_srcs, nr_staging, nr_mods, nr_imms entries (NULL if
    * empty), shared by the forms of a group. */
   const struct va_src_info *srcs;
   const struct va_sr_info *staging;
   const struct va_mod_info *mods;
   const struct va_imm_info *imms;
};

/* The forms that share one primary opcode, for the decoder. */
struct va_opcode_bucket {
   uint16_t opcode;
   uint8_t first; /* index into va_bucket_forms */
   uint8_t count;
};

/* A special FAU value: entry `index` of FAU page `page`. */
struct va_special_info {
   const char *name;
   uint8_t page;
   uint8_t index;
};

extern const struct va_form va_forms[VA_OP_COUNT];
extern const struct va_enum_info va_enums[VA_ENUM_COUNT];
extern const char *const va_mod_names[VA_MOD_COUNT];
extern const char *const va_imm_names[VA_IMM_COUNT];
extern const char *const va_swz_names[VA_SWZ_COUNT];
extern const char *const va_unit_names[VA_UNIT_COUNT];
extern const struct va_special_info va_specials[VA_SPECIAL_COUNT];
extern const uint32_t va_imm_table[32];
extern const struct va_opcode_bucket va_opcode_buckets[VA_OPCODE_BUCKETS];
extern const uint8_t va_bucket_forms[VA_OP_COUNT];
'''


def banner(what):
    return [
        '/* SPDX-License-Identifier: MIT */',
        '/*',
        f' * {what}',
        ' *',
        ' * GENERATED by src/emit/gen_va_isa.py from valhall-isa.xml: do not',
        ' * edit.  The conformance suite checks that the generator still',
        ' * writes exactly this file.',
        ' */',
    ]


class Model:
    def __init__(self, lut, enums, forms, buckets):
        self.lut, self.enums, self.forms = lut, enums, forms
        self.buckets = buckets
        self.mod_names = []
        for f in forms:
            for m in f.mods:
                if m[0] not in self.mod_names:
                    self.mod_names.append(m[0])
        self.imm_names = []
        for f in forms:
            for i in f.imms:
                if i[0] not in self.imm_names:
                    self.imm_names.append(i[0])
        self.swz = ['none']
        for e in SWIZZLE_ENUMS:
            for v in enums[e].values:
                if v and v not in self.swz:
                    self.swz.append(v)
        self.specials = []
        for page in (0, 1, 3):
            e = enums[f'fau_special_page_{page}']
            for i, v in enumerate(e.values):
                if v:
                    self.specials.append((v, page, i))
        self.max_mods = max(len(f.mods) for f in forms)


def gen_header(m):
    out = banner('Valhall instruction forms, enums and table types.')
    out += ['#ifndef ' + HEADER_GUARD, '#define ' + HEADER_GUARD, '',
            '#include <stdbool.h>', '#include <stdint.h>', '']
    out += ['#define VA_MAX_SRCS 4', '#define VA_MAX_STAGING 2',
            f'#define VA_MAX_MODS {m.max_mods}', '#define VA_MAX_IMMS 2',
            f'#define VA_OPCODE_BUCKETS {len(m.buckets)}', '']
    out += c_enum('va_op', [op_id(f.name) for f in m.forms] +
                  ['VA_OP_COUNT'], 'Every instruction form, in XML order.')
    out += c_enum('va_unit', [f'VA_UNIT_{u}' for u in UNITS] +
                  ['VA_UNIT_COUNT'], 'Functional units (`unit=`).')
    out += ['/* What a message does (struct va_form.kind). */',
            'enum va_msg {']
    out += [f'   VA_MSG_{k}, /* {why} */' for k, why in MESSAGE_KINDS]
    out += ['   VA_MSG_COUNT,', '};', '']
    for e in m.enums.values():
        consts = [f'{enum_const(e, v)} = {i}' for i, v in enumerate(e.values)
                  if v]
        out += c_enum(f'va_{e.id}', consts, e.name)
    ids = [f'VA_ENUM_{e.id.upper()}' for e in m.enums.values()]
    out += c_enum('va_enum', ids + ['VA_ENUM_COUNT',
                                    'VA_ENUM_NONE = 0xFF'],
                  'The XML enums, for tables that refer to one.')
    assert len(m.mod_names) <= 64, 'va_form.mod_set holds 64 modifiers'
    out += c_enum('va_mod', [f'VA_MOD_{n.upper()}' for n in m.mod_names] +
                  ['VA_MOD_COUNT'], 'Named modifiers of instructions.')
    out += c_enum('va_imm', [f'VA_IMM_{n.upper()}' for n in m.imm_names] +
                  ['VA_IMM_COUNT'], 'Named immediates of instructions.')
    out += c_enum('va_swz', [f'VA_SWZ_{ident(t).upper()}' for t in m.swz] +
                  ['VA_SWZ_COUNT'],
                  'Every token of a swizzle-like source field; NONE is the '
                  'default.')
    out += c_enum('va_special', [f'VA_SPECIAL_{ident(s[0]).upper()}'
                                 for s in m.specials] + ['VA_SPECIAL_COUNT'],
                  'Special FAU values of pages 0, 1 and 3.')
    out += HEADER_TYPES.split('\n')
    out += ['#endif']
    return '\n'.join(out) + '\n'


def gen_src(s):
    flags = [flag for flag, on in (('FLOAT', s.is_float),
                                   ('ABSNEG', s.absneg),
                                   ('NOT', s.notted)) if on]
    if s.kind:
        flags.append(s.kind)
    flags = ' | '.join(f'S_{x}' for x in flags) or '0'
    enum = s.swz_enum.upper() if s.swz_enum else 'NONE'
    return f'SRC({s.start}, {s.size}, {flags}, {enum}, {s.swz_start}, ' \
        f'{s.swz_bits}, {s.neg_bit}, {s.abs_bit})'


def gen_sr(sr):
    rw = ('READ' if sr.read else '') + ('WRITE' if sr.write else '')
    flags = 'NOFLAGS' if sr.flag_bits is None else f'{sr.flag_bits:#04x}'
    return f'SR({sr.start}, {flags}, {rw}, {sr.fixed_count}, ' \
        f'{sr.count_start}, {sr.count_bits}, {sr.count_bias})'


class Lists:
    """Operand and modifier lists, each written once and named after the
    first form that has it (the forms of a group share theirs)."""

    def __init__(self):
        self.names = {}
        self.out = []

    def ref(self, kind, ctype, form, items):
        if not items:
            return 'NULL'
        key = (kind, tuple(items))
        if key not in self.names:
            name = f'{ident(form.name)}_{kind}'
            self.names[key] = name
            self.out += wrap(f'static const struct {ctype} {name}[] = {{',
                             items, '};', 3)
        return self.names[key]


def gen_form(f, lists, mod_names):
    items = [f'"{f.name}"', f'{f.opcode:#x}', f'{f.opcode2 or 0:#x}',
             f'{f.op2_mask:#x}', str(f.op2_start), f'VA_UNIT_{f.unit}',
             'true' if f.message else 'false', f'VA_MSG_{f.kind}',
             str(f.size), str(f.dests),
             str(len(f.srcs)), str(len(f.staging)), str(len(f.mods)),
             str(len(f.imms)),
             f'{sum(1 << mod_names.index(m[0]) for m in f.mods):#x}',
             lists.ref('srcs', 'va_src_info', f,
                       [gen_src(s) for s in f.srcs]),
             lists.ref('staging', 'va_sr_info', f,
                       [gen_sr(sr) for sr in f.staging]),
             lists.ref('mods', 'va_mod_info', f, [
                 f'MOD({name.upper()}, {start}, {bits}, '
                 f'{enum.upper() if enum else "NONE"})'
                 for name, enum, start, bits in f.mods]),
             lists.ref('imms', 'va_imm_info', f, [
                 f'IMM({name.upper()}, {start}, {bits}, '
                 f'{"true" if signed else "false"})'
                 for name, start, bits, signed in f.imms])]
    return wrap(f'   [{op_id(f.name)}] = {{', items, '},', 6)


TABLE_MACROS = '''\
/* Shorthands for the rows below; the field order is that of va_isa.h. */
#define SRC(start, size, flags, e, swz_start, swz_bits, neg, abs) \\
   {start, size, flags, VA_ENUM_##e, swz_start, swz_bits, neg, abs}
#define NOFLAGS 0x100
#define READ true, false
#define WRITE false, true
#define READWRITE true, true
#define SR(start, flags, rw, fixed, cstart, cbits, bias) \\
   {start, (flags) != NOFLAGS, (flags) & 0xFF, rw, fixed, cstart, cbits, bias}
#define S_FLOAT VA_SRC_FLOAT
#define S_ABSNEG VA_SRC_ABSNEG
#define S_NOT VA_SRC_NOT
#define S_SWIZZLE VA_SRC_SWIZZLE
#define S_WIDEN VA_SRC_WIDEN
#define S_LANES VA_SRC_LANES
#define S_HALFSWIZZLE VA_SRC_HALFSWIZZLE
#define S_LANE VA_SRC_LANE
#define S_COMBINE VA_SRC_COMBINE
#define MOD(m, start, bits, e) {VA_MOD_##m, start, bits, VA_ENUM_##e}
#define IMM(i, start, bits, sgn) {VA_IMM_##i, start, bits, sgn}
'''


def gen_enum_tables(m):
    out = []
    for e in m.enums.values():
        vals = [f'"{v}"' if v else 'NULL' for v in e.values]
        out += wrap(f'static const char *const {e.id}_values[] = {{', vals,
                    '};', 3)
        if e.id in SWIZZLE_ENUMS:
            swz = [f'VA_SWZ_{ident(v).upper()}' if v else 'VA_SWZ_NONE'
                   for v in e.values]
            out += wrap(f'static const uint8_t {e.id}_swz[] = {{', swz,
                        '};', 3)
    out.append('')
    out.append('const struct va_enum_info va_enums[VA_ENUM_COUNT] = {')
    for e in m.enums.values():
        swz = f'{e.id}_swz' if e.id in SWIZZLE_ENUMS else 'NULL'
        default = -1 if e.default is None else e.default
        out.append(f'   [VA_ENUM_{e.id.upper()}] =')
        out += wrap('      {', [f'"{e.name}"', str(len(e.values)),
                                 str(default), f'{e.id}_values', swz],
                    '},', 7)
    out.append('};')
    return out


def gen_names(ctype, name, count, values):
    return wrap(f'const {ctype} {name}[{count}] = {{', values, '};', 3)


def gen_table(m):
    out = banner('Valhall instruction forms: one row per form of the ISA.')
    out += ['#include "va_isa.h"', '', '#include <stddef.h>', '']
    out += gen_enum_tables(m)
    out.append('')
    out += gen_names('char *const', 'va_mod_names', 'VA_MOD_COUNT',
                     [f'"{n}"' for n in m.mod_names])
    out += gen_names('char *const', 'va_imm_names', 'VA_IMM_COUNT',
                     [f'"{n}"' for n in m.imm_names])
    out += gen_names('char *const', 'va_swz_names', 'VA_SWZ_COUNT',
                     [f'"{t}"' for t in m.swz])
    out += gen_names('char *const', 'va_unit_names', 'VA_UNIT_COUNT',
                     [f'"{u}"' for u in UNITS])
    out.append('')
    out.append('const struct va_special_info va_specials[VA_SPECIAL_COUNT] '
               '= {')
    for name, page, index in m.specials:
        out.append(f'   {{"{name}", {page}, {index}}},')
    out.append('};')
    out.append('')
    out += gen_names('uint32_t', 'va_imm_table', '32',
                     [f'{v:#010x}' for v in m.lut])
    out.append('')
    order = {f.name: i for i, f in enumerate(m.forms)}
    out.append('const struct va_opcode_bucket '
               'va_opcode_buckets[VA_OPCODE_BUCKETS] = {')
    flat, first = [], 0
    for opcode in sorted(m.buckets):
        group = m.buckets[opcode]
        out.append(f'   {{{opcode:#x}, {first}, {len(group)}}},')
        flat += [op_id(f.name) for f in sorted(group,
                                               key=lambda f: order[f.name])]
        first += len(group)
    out.append('};')
    out.append('')
    out += gen_names('uint8_t', 'va_bucket_forms', 'VA_OP_COUNT', flat)
    out.append('')
    out += TABLE_MACROS.split('\n')
    lists, rows = Lists(), []
    for f in m.forms:
        rows += gen_form(f, lists, m.mod_names)
    out += lists.out
    out.append('')
    out.append('const struct va_form va_forms[VA_OP_COUNT] = {')
    out += rows
    out.append('};')
    return '\n'.join(out) + '\n'


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xml', default=os.path.join(
        root, '..', 'shared', 'spec', 'valhall-isa.xml'))
    ap.add_argument('--out', default=here)
    args = ap.parse_args()
    lut, enums, forms = parse(args.xml)
    buckets = check_all(enums, forms)
    m = Model(lut, enums, forms, buckets)
    for name, text in (('va_isa.h', gen_header(m)),
                       ('va_isa_table.c', gen_table(m))):
        for n, line in enumerate(text.split('\n'), 1):
            if len(line) > 80:
                fail(f'{name}:{n}: generated line wider than 80 columns')
        with open(os.path.join(args.out, name), 'w', encoding='utf-8') as f:
            f.write(text)


if __name__ == '__main__':
    main()
