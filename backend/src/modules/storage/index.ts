/** What other modules use from storage: the ObjectStorage port (adapter chosen from the config) and its errors. */
export { StorageModule } from './storage.module';
export {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  type ObjectStat,
  ObjectStorage,
  type PutObjectOptions,
  UnsupportedByStoreError,
} from './ports/object-storage';
