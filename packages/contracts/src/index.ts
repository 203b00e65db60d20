import './zod-locale.ts';

export * from './auth.ts';
export * from './dicts.ts';
export * from './envelope.ts';
export * from './insurance.ts';
export * from './industries.ts';
export * from './options.ts';
export * from './permissions.ts';
export * from './roles.ts';
export * from './validators.ts';
