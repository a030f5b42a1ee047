/**
 * Settings › DevOps calls that are not JSON (their JSON calls are the shared devopsEndpoints): the multipart
 * upload and an attachment's bytes.
 */
export const DEVOPS_URLS = {
  upload: '/manager/settings/devops/rest/upload',
  /** Answers a ticketed link to one attachment (the two-step download of the exports). */
  file: '/manager/settings/devops/rest/file',
} as const;
