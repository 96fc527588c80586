/**
 * The media module's face: the service, the storage it is given (services.ts, the backup CLI), and what
 * the backup needs to know of a stored upload (its key, its type).
 */
export { createMediaService, type MediaService, tooLargeError } from './media.service';
export { isUploadKey, isWebpImage, UPLOAD_CONTENT_TYPE } from './stored-upload';
export { createUploadStorage } from './upload-storage';
