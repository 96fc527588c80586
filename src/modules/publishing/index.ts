/** The publishing module's face (scheduled publications): what other code may use of it. */
export { createPublishingService, type PublishingService } from './publishing.service';
