#!/usr/bin/env node
// Installs the project's pinned Node (.nvmrc) for the systemd unit: fetched once from the npm
// registry (the same platform package `npm start` uses, decision 117) into DIR (default
// /opt/agencia-node), with DIR/current pointing at it. Runs on Debian's own Node (18+).
//   sudo node deploy/install-node.mjs [DIR]
import { rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fetchPinnedNode, pinnedVersion, platformPackage } from '../scripts/lib/node-runtime.mjs';

const dir = path.resolve(process.argv[2] ?? '/opt/agencia-node');
const pkg = platformPackage();
if (!pkg) {
  console.error(`✗ no Node package for ${process.platform}-${process.arch}`);
  process.exit(1);
}
const binary = fetchPinnedNode({ version: pinnedVersion(), pkg, cache: dir });
const current = path.join(dir, 'current');
rmSync(current, { force: true });
symlinkSync(path.relative(dir, path.dirname(path.dirname(binary))), current);
console.info(`✓ ${current}/bin/node → ${binary}`);
