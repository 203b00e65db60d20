import './zod-locale.ts';

export * from './auth.ts';
export * from './content.ts';
export * from './dicts.ts';
export * from './envelope.ts';
export * from './industries.ts';
export * from './insurance.ts';
export * from './logs.ts';
export * from './options.ts';
export * from './orgs.ts';
export * from './permissions.ts';
export * from './resources.ts';
export * from './roles.ts';
export * from './safety-mechanisms.ts';
export * from './settings.ts';
export * from './subsystems.ts';
export * from './users.ts';
export * from './validators.ts';
