// AES-CBC without padding through WebCrypto, for Python (pyengine/webcrypto.py).
//
// pypdf wants raw AES-CBC: no padding added on encryption, none checked or
// removed on decryption (PDF streams often carry broken padding; pypdf strips
// it itself with lenient rules).  WebCrypto's AES-CBC always adds PKCS#7
// padding when encrypting and checks and removes it when decrypting, so:
//
// * decrypt: append one crafted block X = E_k(C_last xor 16*0x10).  In CBC it
//   decrypts to D_k(X) xor C_last = 16 bytes of 0x10, a full block of valid
//   padding, which WebCrypto removes; what is left is the raw plaintext of
//   the original blocks, whatever their own last bytes are.  X is exactly
//   what WebCrypto's encrypt() of an empty message with IV = C_last returns
//   (one block of padding, 16*0x10, CBC-chained with the IV).
// * encrypt: the output is the ciphertext followed by one padding block;
//   drop that block.
//
// Both take Uint8Arrays (key of 16 or 32 bytes, IV of 16 bytes, data a
// non-zero multiple of 16 bytes) and return a promise of a Uint8Array of the
// same length as data.  Python blocks on the promise with
// pyodide.ffi.run_sync.

const BLOCK = 16;
const ALGORITHM = "AES-CBC";

// Imported keys by their bytes: an AES-256 file uses one key for every
// object (AES-128 derives one per object, so those mostly miss).
const KEY_CACHE_SIZE = 64;
const keys = new Map();

// What went through WebCrypto, for tests and measurements (read from the
// worker's global `pyengineStats`, see worker.js).
export const aesStats = { calls: 0, bytes: 0, ms: 0 };

function importKey(raw) {
  const id = raw.join(",");
  let key = keys.get(id);
  if (key === undefined) {
    if (keys.size >= KEY_CACHE_SIZE) keys.clear();
    key = crypto.subtle.importKey("raw", raw, ALGORITHM, false, ["encrypt", "decrypt"]);
    keys.set(id, key);
  }
  return key;
}

function count(started, bytes) {
  aesStats.calls += 1;
  aesStats.bytes += bytes;
  aesStats.ms += performance.now() - started;
}

export async function aesCbcDecrypt(rawKey, iv, data) {
  const started = performance.now();
  const key = await importKey(rawKey);
  const last = data.subarray(data.length - BLOCK);
  const padBlock = new Uint8Array(
    await crypto.subtle.encrypt({ name: ALGORITHM, iv: last }, key, new Uint8Array(0)));
  const input = new Uint8Array(data.length + BLOCK);
  input.set(data);
  input.set(padBlock, data.length);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt({ name: ALGORITHM, iv }, key, input));
  count(started, data.length);
  return plain;
}

export async function aesCbcEncrypt(rawKey, iv, data) {
  const started = performance.now();
  const key = await importKey(rawKey);
  const out = await crypto.subtle.encrypt({ name: ALGORITHM, iv }, key, data);
  count(started, data.length);
  return new Uint8Array(out, 0, data.length);
}

// Python can wait for WebCrypto only in a step entered through
// callPromising, which costs more than a plain call (Chromium, one-page
// files: 0.1 to 0.3 ms more per step, 1 to 2.6 ms on pdfcpu-Greek and
// docling-322-bpt_scatter), so the worker enters a file's steps that way only
// if the file may be encrypted: its trailer names /Encrypt, and trailers sit
// at the end of the file (the first-page trailer of a linearized file near
// its start; in the corpus every encrypted file has it within 644 bytes of
// its end).  A miss (junk after %%EOF, a name written with # escapes) is not
// wrong, only slower: the synchronous AES of synccrypto.js does the large
// inputs too and Python says so (web.Steps.PROMISING), and the job's later
// steps are entered promising.
export const ENCRYPT_WINDOW = 32768;

const ENCRYPT = [0x2f, 0x45, 0x6e, 0x63, 0x72, 0x79, 0x70, 0x74];   // "/Encrypt"
// Horspool's shift for the byte under the pattern's last position: about 7
// bytes per look on compressed data (15 us for 32 KiB in V8).
const SHIFT = new Uint8Array(256).fill(ENCRYPT.length);
for (let k = 0; k < ENCRYPT.length - 1; k++) SHIFT[ENCRYPT[k]] = ENCRYPT.length - 1 - k;

function holdsEncrypt(bytes, start, end) {
  const last = ENCRYPT.length - 1;
  for (let i = start; i + last < end; i += SHIFT[bytes[i + last]]) {
    let k = last;
    while (k >= 0 && bytes[i + k] === ENCRYPT[k]) k--;
    if (k < 0) return true;
  }
  return false;
}

// True if "/Encrypt" is in the first or last ENCRYPT_WINDOW bytes.
export function mayNeedWebCrypto(bytes) {
  const n = bytes.length;
  if (n <= 2 * ENCRYPT_WINDOW) return holdsEncrypt(bytes, 0, n);
  return holdsEncrypt(bytes, 0, ENCRYPT_WINDOW) || holdsEncrypt(bytes, n - ENCRYPT_WINDOW, n);
}
