/** The affiliate earnings (decision 045): what other code may use of this module. */
export { createRevenueService, type RevenueService } from './revenue.service';
export { MAX_REPORT_BYTES, MAX_REPORT_MB, reportTooLarge, type UploadedReport } from './import-report';
