import { writeCode } from '@envmon/shared';

/** The job page's resource code and the write permission its changes need. */
export const JOB_PAGE = 'system.job';
export const JOB_WRITE = writeCode(JOB_PAGE);
