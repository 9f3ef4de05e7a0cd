/** What other modules use from storage: the ObjectStorage port (adapter chosen from the config) and its errors. */
export { StorageModule } from './storage.module';
export {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  type ObjectStat,
  ObjectStorage,
  type PutObjectOptions,
} from './ports/object-storage';
