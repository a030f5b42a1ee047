import { writeCode } from '@envmon/shared';

/** The DevOps page's resource code and the write permission its changes need. */
export const DEVOPS_PAGE = 'settings.devops';
export const DEVOPS_WRITE = writeCode(DEVOPS_PAGE);
