#!/usr/bin/env node
// Summarizes a V8 .cpuprofile (node --cpu-prof): the top functions by self time, and self time
// aggregated by package (node_modules/<name>, node: internals, the app's own bundle), as shares of
// the sampled time. Usage: node scripts/cpu-profile.mjs <file.cpuprofile> [--top=30]
import { readFileSync } from 'node:fs';

const file = process.argv.find((a) => a.endsWith('.cpuprofile'));
if (!file) {
  console.error('usage: node scripts/cpu-profile.mjs <file.cpuprofile> [--top=30]');
  process.exit(1);
}
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// Self time per node: each sample is one interval (timeDeltas[i] μs) spent in samples[i].
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++)
  selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
let total = 0;
for (const us of selfUs.values()) total += us;

const pkgOf = (url) => {
  if (!url) return '(native/vm)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:internals';
  if (url.includes('/dist/')) return 'app (dist)';
  return url.replace(/^file:\/\//, '');
};
const fns = new Map();
const pkgs = new Map();
for (const [id, us] of selfUs) {
  const { callFrame } = byId.get(id);
  const name = callFrame.functionName || '(anonymous)';
  const key = `${name}  ${pkgOf(callFrame.url)}${callFrame.url && !callFrame.url.includes('node_modules') ? `:${callFrame.lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const pkg = ['(garbage collector)', '(idle)', '(program)'].includes(name) ? name : pkgOf(callFrame.url);
  pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
}
const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.info(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nself time by package:`);
for (const [k, us] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.info(`${pct(us)}  ${k}`);
console.info(`\ntop ${top} functions by self time:`);
for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.info(`${pct(us)}  ${k}`);
