import { fileSuite } from './file-suite.testkit.ts';

// Uploads and downloads on the shared directory (STORAGE=local, the default): file-suite.testkit.ts.
fileSuite('local');
