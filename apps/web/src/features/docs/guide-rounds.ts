/**
 * The guide's rounds: the first day in the console, the data screens, the administrator's round. Each
 * step's texts are `${prefix}.steps.${step}.title` and `.description`, its intro `${prefix}.intro`.
 */
export const GUIDE_ROUNDS = {
  firstDay: {
    prefix: 'docs.guide',
    steps: ['signIn', 'appearance', 'project', 'menu', 'tabs', 'password', 'help'],
  },
  data: {
    prefix: 'docs.guide.data',
    steps: ['history', 'original', 'other', 'ai', 'video', 'reports', 'isotope'],
  },
  admin: {
    prefix: 'docs.guide.admin',
    steps: ['users', 'roles', 'resources', 'dictionary', 'logs'],
  },
} as const;

export type GuideRound = (typeof GUIDE_ROUNDS)[keyof typeof GUIDE_ROUNDS];

/** Every text key of a round. */
export function guideKeys({ prefix, steps }: GuideRound): string[] {
  return [
    `${prefix}.intro`,
    ...steps.flatMap((step) => [`${prefix}.steps.${step}.title`, `${prefix}.steps.${step}.description`]),
  ];
}
