// Synchronous ciphers in plain JavaScript for Python (pyengine/webcrypto.py,
// pyengine/rc4.py): a call from Pyodide is an ordinary synchronous JS call,
// with no JSPI suspension, no promise and no trip to WebCrypto's thread.
//
// * aesCbcRaw(packed, keyLength, encrypt): raw AES-CBC (no padding added,
//   checked or removed).  Written from FIPS-197 as a port of
//   pyengine/crypto.py's own T-table cipher (same tables, same equivalent
//   inverse cipher, same round-key layout); keys of 128, 192 or 256 bits.
//   ``packed`` is key + IV (16 bytes) + data (a multiple of 16 bytes) in one
//   Uint8Array (one copy from Python instead of three); returns a new
//   Uint8Array of the raw CBC result, the same length as data.  Throws
//   RangeError on bad sizes.
// * rc4Raw(packed, keyLength): RC4 (the key-scheduling algorithm and the
//   pseudo-random generation as published) of data with key, ``packed``
//   being key + data; returns a new Uint8Array.
// * rc4Chain(packed, keyLength, first, last): RC4 passes over data, each
//   on the output of the one before, with the key XORed byte by byte with a
//   counter going from first to last (both included, down if last < first):
//   the 20 passes of a password check at /R 3 and 4 (ISO 32000-1 Algorithms
//   5 and 7) in one call instead of 20 (pyengine/rc4.py rc4_chain).
//
// Why: in Chromium one WebCrypto call from Python costs 0.15 to 0.4 ms
// (run_sync's suspend and resume, importKey, and for raw decryption two
// subtle operations), pure-Python AES 2.5 to 4 us per byte, and a
// pure-Python RC4 key schedule some 30 us (20 to 40 of them per password
// tried at /R 3 and 4); the small encrypted files of the corpus spent 1 to
// 3 ms of their 5 to 12 ms in them, mostly on 16 to 300-byte strings and
// streams.  Here a small call costs 6 to 12 us from Python, the AES 10 to
// 25 us per KiB (pyengine/webcrypto.py SYNC_MAX_BYTES has the figures).

const BLOCK = 16;

function xtime(a) {
  a <<= 1;
  return a & 0x100 ? a ^ 0x11b : a;
}

function gmul(a, b) {
  let r = 0;
  while (b) {
    if (b & 1) r ^= a;
    a = xtime(a);
    b >>= 1;
  }
  return r;
}

// S-box and inverse (FIPS-197 5.1.1): inverse in GF(2^8), via logarithms
// to the generator {03}, then the affine map with constant {63}.
const SBOX = new Uint8Array(256);
const INV_SBOX = new Uint8Array(256);
{
  const exp = new Uint8Array(255);
  const log = new Uint8Array(256);
  let v = 1;
  for (let i = 0; i < 255; i++) {
    exp[i] = v;
    log[v] = i;
    v ^= xtime(v);
  }
  for (let x = 0; x < 256; x++) {
    let b = x === 0 ? 0 : exp[(255 - log[x]) % 255];
    let s = b;
    for (let k = 0; k < 4; k++) {
      b = ((b << 1) | (b >> 7)) & 0xff;
      s ^= b;
    }
    SBOX[x] = s ^ 0x63;
    INV_SBOX[SBOX[x]] = x;
  }
}

// T0[x]: the (Inv)MixColumns column ``coefs`` times box[x], big-endian words
// (row 0 is the top byte); Ti is T0 rotated right by 8*i bits.
function tables(box, coefs) {
  const t = [0, 1, 2, 3].map(() => new Int32Array(256));
  for (let x = 0; x < 256; x++) {
    const s = box[x];
    let w = (gmul(s, coefs[0]) << 24) | (gmul(s, coefs[1]) << 16)
      | (gmul(s, coefs[2]) << 8) | gmul(s, coefs[3]);
    for (let i = 0; i < 4; i++) {
      t[i][x] = w;
      w = (w >>> 8) | (w << 24);
    }
  }
  return t;
}

const [TE0, TE1, TE2, TE3] = tables(SBOX, [2, 1, 1, 3]);
const [TD0, TD1, TD2, TD3] = tables(INV_SBOX, [14, 9, 13, 11]);

function subWord(w) {
  return (SBOX[w >>> 24] << 24) | (SBOX[(w >>> 16) & 255] << 16)
    | (SBOX[(w >>> 8) & 255] << 8) | SBOX[w & 255];
}

// KeyExpansion (FIPS-197 5.2) and the equivalent inverse cipher's round
// keys (5.3.5: reversed, InvMixColumns on all but the first and last).
function schedule(key) {
  const nk = key.length >> 2;
  const nr = nk + 6;
  const n = 4 * (nr + 1);
  const enc = new Int32Array(n);
  for (let i = 0; i < nk; i++) {
    enc[i] = (key[4 * i] << 24) | (key[4 * i + 1] << 16) | (key[4 * i + 2] << 8) | key[4 * i + 3];
  }
  let rcon = 1;
  for (let i = nk; i < n; i++) {
    let t = enc[i - 1];
    if (i % nk === 0) {
      t = subWord((t << 8) | (t >>> 24)) ^ (rcon << 24);
      rcon = xtime(rcon);
    } else if (nk > 6 && i % nk === 4) {
      t = subWord(t);
    }
    enc[i] = enc[i - nk] ^ t;
  }
  const dec = new Int32Array(n);
  for (let r = 0; r <= nr; r++) {
    for (let c = 0; c < 4; c++) {
      const w = enc[4 * (nr - r) + c];
      dec[4 * r + c] = r === 0 || r === nr ? w
        : TD0[SBOX[w >>> 24]] ^ TD1[SBOX[(w >>> 16) & 255]]
          ^ TD2[SBOX[(w >>> 8) & 255]] ^ TD3[SBOX[w & 255]];
    }
  }
  return { nr, enc, dec };
}

// Schedules by key: an AES-256 file uses one key for everything, /R 6's
// password hash one key per round (AES-128 files one per object).
const SCHEDULE_CACHE_SIZE = 64;
const schedules = new Map();

function cachedSchedule(key) {
  const id = String.fromCharCode.apply(null, key);
  let ks = schedules.get(id);
  if (ks === undefined) {
    if (schedules.size >= SCHEDULE_CACHE_SIZE) schedules.clear();
    ks = schedule(key);
    schedules.set(id, ks);
  }
  return ks;
}

function word(b, i) {
  return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];
}

function put(b, i, w) {
  b[i] = w >>> 24;
  b[i + 1] = w >>> 16;
  b[i + 2] = w >>> 8;
  b[i + 3] = w;
}

function encryptCbc(ks, iv, data, out) {
  const k = ks.enc;
  const last = 4 * ks.nr;
  let c0 = word(iv, 0), c1 = word(iv, 4), c2 = word(iv, 8), c3 = word(iv, 12);
  for (let i = 0; i < data.length; i += BLOCK) {
    let s0 = word(data, i) ^ c0 ^ k[0];
    let s1 = word(data, i + 4) ^ c1 ^ k[1];
    let s2 = word(data, i + 8) ^ c2 ^ k[2];
    let s3 = word(data, i + 12) ^ c3 ^ k[3];
    for (let r = 4; r < last; r += 4) {
      const t0 = TE0[s0 >>> 24] ^ TE1[(s1 >>> 16) & 255] ^ TE2[(s2 >>> 8) & 255] ^ TE3[s3 & 255] ^ k[r];
      const t1 = TE0[s1 >>> 24] ^ TE1[(s2 >>> 16) & 255] ^ TE2[(s3 >>> 8) & 255] ^ TE3[s0 & 255] ^ k[r + 1];
      const t2 = TE0[s2 >>> 24] ^ TE1[(s3 >>> 16) & 255] ^ TE2[(s0 >>> 8) & 255] ^ TE3[s1 & 255] ^ k[r + 2];
      const t3 = TE0[s3 >>> 24] ^ TE1[(s0 >>> 16) & 255] ^ TE2[(s1 >>> 8) & 255] ^ TE3[s2 & 255] ^ k[r + 3];
      s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    // Final round: no MixColumns.
    c0 = ((SBOX[s0 >>> 24] << 24) | (SBOX[(s1 >>> 16) & 255] << 16)
      | (SBOX[(s2 >>> 8) & 255] << 8) | SBOX[s3 & 255]) ^ k[last];
    c1 = ((SBOX[s1 >>> 24] << 24) | (SBOX[(s2 >>> 16) & 255] << 16)
      | (SBOX[(s3 >>> 8) & 255] << 8) | SBOX[s0 & 255]) ^ k[last + 1];
    c2 = ((SBOX[s2 >>> 24] << 24) | (SBOX[(s3 >>> 16) & 255] << 16)
      | (SBOX[(s0 >>> 8) & 255] << 8) | SBOX[s1 & 255]) ^ k[last + 2];
    c3 = ((SBOX[s3 >>> 24] << 24) | (SBOX[(s0 >>> 16) & 255] << 16)
      | (SBOX[(s1 >>> 8) & 255] << 8) | SBOX[s2 & 255]) ^ k[last + 3];
    put(out, i, c0);
    put(out, i + 4, c1);
    put(out, i + 8, c2);
    put(out, i + 12, c3);
  }
}

// P_j = D(C_j) xor C_{j-1}, C_0 = IV (SP 800-38A 6.2).
function decryptCbc(ks, iv, data, out) {
  const k = ks.dec;
  const last = 4 * ks.nr;
  let p0 = word(iv, 0), p1 = word(iv, 4), p2 = word(iv, 8), p3 = word(iv, 12);
  for (let i = 0; i < data.length; i += BLOCK) {
    const w0 = word(data, i), w1 = word(data, i + 4), w2 = word(data, i + 8), w3 = word(data, i + 12);
    let s0 = w0 ^ k[0], s1 = w1 ^ k[1], s2 = w2 ^ k[2], s3 = w3 ^ k[3];
    // InvShiftRows shifts row r right by r, hence the s3, s2, s1 order.
    for (let r = 4; r < last; r += 4) {
      const t0 = TD0[s0 >>> 24] ^ TD1[(s3 >>> 16) & 255] ^ TD2[(s2 >>> 8) & 255] ^ TD3[s1 & 255] ^ k[r];
      const t1 = TD0[s1 >>> 24] ^ TD1[(s0 >>> 16) & 255] ^ TD2[(s3 >>> 8) & 255] ^ TD3[s2 & 255] ^ k[r + 1];
      const t2 = TD0[s2 >>> 24] ^ TD1[(s1 >>> 16) & 255] ^ TD2[(s0 >>> 8) & 255] ^ TD3[s3 & 255] ^ k[r + 2];
      const t3 = TD0[s3 >>> 24] ^ TD1[(s2 >>> 16) & 255] ^ TD2[(s1 >>> 8) & 255] ^ TD3[s0 & 255] ^ k[r + 3];
      s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    const x0 = ((INV_SBOX[s0 >>> 24] << 24) | (INV_SBOX[(s3 >>> 16) & 255] << 16)
      | (INV_SBOX[(s2 >>> 8) & 255] << 8) | INV_SBOX[s1 & 255]) ^ k[last];
    const x1 = ((INV_SBOX[s1 >>> 24] << 24) | (INV_SBOX[(s0 >>> 16) & 255] << 16)
      | (INV_SBOX[(s3 >>> 8) & 255] << 8) | INV_SBOX[s2 & 255]) ^ k[last + 1];
    const x2 = ((INV_SBOX[s2 >>> 24] << 24) | (INV_SBOX[(s1 >>> 16) & 255] << 16)
      | (INV_SBOX[(s0 >>> 8) & 255] << 8) | INV_SBOX[s3 & 255]) ^ k[last + 2];
    const x3 = ((INV_SBOX[s3 >>> 24] << 24) | (INV_SBOX[(s2 >>> 16) & 255] << 16)
      | (INV_SBOX[(s1 >>> 8) & 255] << 8) | INV_SBOX[s0 & 255]) ^ k[last + 3];
    put(out, i, x0 ^ p0);
    put(out, i + 4, x1 ^ p1);
    put(out, i + 8, x2 ^ p2);
    put(out, i + 12, x3 ^ p3);
    p0 = w0; p1 = w1; p2 = w2; p3 = w3;
  }
}

// What went through here, for tests and measurements (the worker's
// ``pyengineStats.sync``).
export const syncStats = { calls: 0, bytes: 0, rc4Calls: 0, rc4Bytes: 0 };

export function aesCbcRaw(packed, keyLength, encrypt) {
  if (keyLength !== 16 && keyLength !== 24 && keyLength !== 32) {
    throw new RangeError(`AES key of ${keyLength} bytes`);
  }
  const start = keyLength + BLOCK;
  const n = packed.length - start;
  if (n < 0 || n % BLOCK) throw new RangeError(`AES-CBC data of ${n} bytes`);
  const ks = cachedSchedule(packed.subarray(0, keyLength));
  const iv = packed.subarray(keyLength, start);
  const out = new Uint8Array(n);
  (encrypt ? encryptCbc : decryptCbc)(ks, iv, packed.subarray(start), out);
  syncStats.calls += 1;
  syncStats.bytes += n;
  return out;
}

// RC4 of data (a Uint8Array) with key XORed with ``counter`` (0 to 255).
function rc4(key, counter, data) {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    const si = s[i];
    j = (j + si + (key[i % key.length] ^ counter)) & 255;
    s[i] = s[j];
    s[j] = si;
  }
  const n = data.length;
  const out = new Uint8Array(n);
  for (let k = 0, i = 0, j = 0; k < n; k++) {
    i = (i + 1) & 255;
    const si = s[i];
    j = (j + si) & 255;
    const sj = s[j];
    s[i] = sj;
    s[j] = si;
    out[k] = data[k] ^ s[(si + sj) & 255];
  }
  syncStats.rc4Calls += 1;
  syncStats.rc4Bytes += n;
  return out;
}

function split(packed, keyLength) {
  if (keyLength < 1 || packed.length < keyLength) {
    throw new RangeError(`RC4 key of ${keyLength} bytes`);
  }
  return [packed.subarray(0, keyLength), packed.subarray(keyLength)];
}

export function rc4Raw(packed, keyLength) {
  const [key, data] = split(packed, keyLength);
  return rc4(key, 0, data);
}

export function rc4Chain(packed, keyLength, first, last) {
  let [key, data] = split(packed, keyLength);
  const step = last >= first ? 1 : -1;
  for (let i = first; i !== last + step; i += step) data = rc4(key, i, data);
  return data;
}
