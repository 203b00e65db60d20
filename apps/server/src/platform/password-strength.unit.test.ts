import { describe, expect, it } from 'vitest';
import { commonPasswords, isKeyboardWalk, serverPasswordProblem } from './password-strength.ts';

describe('server password rule: common passwords and keyboard walks (issue 17 finding 11)', () => {
  it('uses a maintained list of at least 10,000 common passwords', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses the passwords the review got through, case-insensitively, with a message saying why', () => {
    // (P@ssw0rd is on the contracts' short list too, whose message the web form shows.)
    for (const weak of [
      'Qwerty123',
      'Zaq12wsx',
      '1q2w3e4R',
      'QWERTY123!',
      'Passw0rd!',
      'P@ssw0rd',
      'Iloveyou1!',
    ])
      expect(serverPasswordProblem(weak), weak).toMatch(/^密码过于常见/);
  });

  it('refuses walks over neighbouring keys of a keyboard, shifted or not', () => {
    for (const walk of ['!QAZ2wsx3edc', '1qaz@WSX3edc', 'Zxcvbnm,./', '14789632', 'Wsxcde#4rfv']) {
      expect(isKeyboardWalk(walk), walk).toBe(true);
      if (serverPasswordProblem(walk) !== '密码至少包含大写字母、小写字母、数字、特殊符号中的三类')
        expect(serverPasswordProblem(walk), walk).toContain('键盘连续按键');
    }
    for (const not of ['Safe2026', 'Safety#2027', 'Suqian#2026x', 'Zhang.Wei-1988!'])
      expect(isKeyboardWalk(not), not).toBe(false);
  });

  it('accepts the passwords people here use that meet the rule (demo and test passwords)', () => {
    for (const ok of ['Safe2026', 'Safety#2027', 'Suqian#2026x', 'Restore#2031a', 'Wrong-2026x', 'Xk9#mT2v'])
      expect(serverPasswordProblem(ok), ok).toBeNull();
  });

  it('the contracts rule comes first (the message the web form gives)', () => {
    expect(serverPasswordProblem('abc')).toBe('密码长度至少8位');
    expect(serverPasswordProblem('Admin#2026x', { username: 'admin' })).toBe('密码不能包含用户名');
  });
});

describe('README (issue 17 finding 14)', () => {
  it('every ADMIN_PASSWORD example in the README passes the password rule it documents', async () => {
    const fs = await import('node:fs');
    const readme = fs.readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const examples = [...readme.matchAll(/ADMIN_PASSWORD='([^']+)'/g)].map((m) => m[1] as string);
    expect(examples.length).toBeGreaterThan(0);
    for (const pwd of examples) expect(serverPasswordProblem(pwd, { username: 'admin' }), pwd).toBeNull();
  });
});
