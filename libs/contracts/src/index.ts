export * from './errors';
export * from './events';
export * from './health';
export * from './identity';
export * from './quests';
export * from './tokens';
export * from './billing';
export * from './pods';
