import type { FormRule } from 'antd';

/**
 * The rules of a required range no longer than the screen's read allows: one message when it is missing,
 * another when it does not `fit` (checked only once there is a range).
 */
export function boundedRangeRules<R>(fits: (range: R) => boolean, messages: { required: string; tooLong: string }) {
  return [
    { required: true, message: messages.required },
    {
      validator: (_: unknown, value: R | null) =>
        !value || fits(value) ? Promise.resolve() : Promise.reject(new Error(messages.tooLong)),
    },
  ] satisfies FormRule[];
}
