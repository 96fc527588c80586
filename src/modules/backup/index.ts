/** The backup module's face: `npm run backup` and `npm run restore` (decision 007). */
export { type BackupOptions, type BackupSummary, createBackup } from './backup.service';
export { INTERRUPTED_RUN_ERROR, type RestoreOptions, type RestoreSummary, restoreBackup } from './restore-backup';
