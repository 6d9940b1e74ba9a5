export { type DataKeyConfig, defaultKeyFile, keyringOf, openKeyring } from './key-source';
export { type BlindIndexPurpose, DataKeyError, Keyring, parseMasterKey, type SealedColumn } from './keyring';
export { openedOnce } from './opened-once';
