/** Settings › DevOps calls (SPEC section 7 'devops': upload, add, update, delete, get, deleteFile by DELETE). */
export const DEVOPS_URLS = {
  list: '/manager/settings/devops/rest/get',
  add: '/manager/settings/devops/rest/add',
  update: '/manager/settings/devops/rest/update',
  remove: '/manager/settings/devops/rest/delete',
  upload: '/manager/settings/devops/rest/upload',
  removeFile: '/manager/settings/devops/rest/deleteFile',
  /** Answers a ticketed link to one attachment (the two-step download of the exports). */
  file: '/manager/settings/devops/rest/file',
} as const;
