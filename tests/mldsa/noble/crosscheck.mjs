// ML-DSA cross-check against @noble/post-quantum (pinned in package-lock.json).
// Cases come from SHAKE256 over a fixed seed, so a failure reproduces by its case number.
// Both directions: equal keys, byte-equal deterministic, hedged and HashML-DSA signatures,
// each side verifies the other's signatures and rejects a tampered one.
// Each case runs through every point named (default: the reference; `all`: every registered
// ML-DSA point and ablation, from `tool --list`); a random seed makes new cases.
// Usage: node crosscheck.mjs --tool PATH [--cases N] [--seed S|random] [--points all|p1,p2,...]
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { shake256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const tool = arg('tool');
const casesPer = Number(arg('cases', '200'));
if (!tool) throw new Error('--tool is required');
const seedArg = arg('seed', 'sigspace-mldsa-noble-v1');
const seed = seedArg === 'random' ? bytesToHex(randomBytes(16)) : seedArg;
const pointsArg = arg('points', 'reference');
const listed = () => {
  const r = spawnSync(tool, ['--list'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} --list exited with ${r.status}`);
  return r.stdout.trim().split('\n');
};
// variant ids per parameter set
const idsOf = (name) => pointsArg === 'all'
  ? listed().filter((id) => id.startsWith(`${name}/`))
  : pointsArg.split(',').map((p) => `${name}/${p}`);

const xof = shake256.create().update(utf8ToBytes(seed));
const rand = (n) => xof.xof(n);
const randInt = (max) => { // uniform enough in [0, max) for case generation
  const b = rand(4);
  return ((b[0] | (b[1] << 8) | (b[2] << 16)) >>> 0) % max;
};

const sets = [['ML-DSA-44', ml_dsa44], ['ML-DSA-65', ml_dsa65], ['ML-DSA-87', ml_dsa87]];
const cases = [];
for (const [name, ml] of sets) {
  for (let i = 0; i < casesPer; i++) {
    const keySeed = rand(32);
    const msgLen = i % 10 === 0 ? randInt(8193) : randInt(300);
    const msg = rand(msgLen);
    const ctx = rand(i % 7 === 0 ? 255 : randInt(256));
    const rnd = rand(32);
    const { publicKey, secretKey } = ml.keygen(keySeed);
    const det = ml.sign(msg, secretKey, { context: ctx, extraEntropy: false });
    const hedged = ml.sign(msg, secretKey, { context: ctx, extraEntropy: rnd });
    const tampered = hedged.slice();
    tampered[randInt(tampered.length)] ^= 1 << randInt(8);
    const c = { name, ml, publicKey, secretKey, msg, ctx, det, hedged, tampered };
    const line = {
      variant: `${name}/reference`, seed: bytesToHex(keySeed), msg: bytesToHex(msg),
      ctx: bytesToHex(ctx), rnd: bytesToHex(rnd), noble_det: bytesToHex(det),
      noble_hedged: bytesToHex(hedged), tampered: bytesToHex(tampered),
    };
    if (i % 4 === 0) { // HashML-DSA with SHA2-512, which noble allows at every level
      c.pre = ml.prehash(sha512).sign(msg, secretKey, { context: ctx, extraEntropy: false });
      line.prehash = 'SHA2-512';
      line.noble_pre = bytesToHex(c.pre);
    }
    for (const id of idsOf(name)) cases.push({ ...c, id, line: { ...line, variant: id } });
  }
}

// In batches: one string of every case line overflows V8's string limit at --points all.
const answers = [];
for (let at = 0; at < cases.length; at += 1000) {
  const batch = cases.slice(at, at + 1000);
  const run = spawnSync(tool, [], {
    input: batch.map((c) => JSON.stringify(c.line)).join('\n') + '\n',
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    console.error(run.stderr);
    throw new Error(`${tool} exited with ${run.status}`);
  }
  answers.push(...run.stdout.trim().split('\n').map((l) => JSON.parse(l)));
}
if (answers.length !== cases.length) throw new Error(`got ${answers.length} answers for ${cases.length} cases`);

const tally = {};
let failed = 0;
cases.forEach((c, i) => {
  const a = answers[i];
  const opts = { context: c.ctx };
  const checks = {
    'keys equal': a.pk === bytesToHex(c.publicKey) && a.sk === bytesToHex(c.secretKey),
    'deterministic sig equal': a.det === bytesToHex(c.det),
    'hedged sig equal': a.hedged === bytesToHex(c.hedged),
    'sigspace verifies noble': a.verify_det && a.verify_hedged,
    'noble verifies sigspace': c.ml.verify(hexToBytes(a.det), c.msg, c.publicKey, opts) &&
      c.ml.verify(hexToBytes(a.hedged), c.msg, c.publicKey, opts),
    'both reject tampered': !a.verify_tampered && !c.ml.verify(c.tampered, c.msg, c.publicKey, opts),
  };
  if (c.pre) {
    checks['prehash sig equal'] = a.pre === bytesToHex(c.pre);
    checks['prehash cross-verify'] = a.verify_pre &&
      c.ml.prehash(sha512).verify(hexToBytes(a.pre), c.msg, c.publicKey, opts);
  }
  for (const [what, ok] of Object.entries(checks)) {
    const t = (tally[`${c.id} ${what}`] ??= { ran: 0, passed: 0 });
    t.ran++;
    if (ok) t.passed++;
    else { failed++; console.error(`FAIL case ${i} (${c.id}): ${what}`); }
  }
});
for (const [k, t] of Object.entries(tally)) console.log(`${k.padEnd(60)} ran ${String(t.ran).padStart(5)} passed ${String(t.passed).padStart(5)}`);
const variants = new Set(cases.map((c) => c.id)).size;
console.log(`${cases.length} case runs (${casesPer} cases per parameter set through ${variants} variants, seed "${seed}"), ${failed} failed checks`);
process.exit(failed === 0 && cases.length >= 3 * casesPer ? 0 : 1);
