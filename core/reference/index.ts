export * from './countries';
export * from './flags';
export * from './google-domains';
export * from './languages';
export * from './lookup';
