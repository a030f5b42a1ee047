import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api';
import { codeRefusalOf } from '../../../station-control';
import { useQueueCommand } from '../api/queue-command';
import { CodeModal } from '../components/code-modal';

interface Pending {
  cn: string;
  parameters: Record<string, string>;
}

export interface CommandSender {
  /** Queues `cn` to the station, asking for a dynamic code first when it needs one. */
  send: (cn: string, parameters: Record<string, string>) => void;
  /** Whether `cn` is being queued (the call, not the station's work). */
  sending: (cn: string) => boolean;
  /** Why the last try of `cn` was refused, in the server's words; null when it was not. */
  errorOf: (cn: string) => string | null;
  /** The code dialog, to render once. */
  codeModal: ReactNode;
}

/**
 * Sending the panel's commands to one station: the dynamic code asked for the guarded ones before sending,
 * and for any other when the server answers that it needs one (then sent again with it); a wrong or used code
 * is said on the code's field; other refusals stay beside the action until it is tried again.
 */
export function useCommandSender(deviceId: number, guarded: ReadonlySet<string>): CommandSender {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queue = useQueueCommand();
  const [asking, setAsking] = useState<Pending | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());

  const setError = (cn: string, error: string | null) =>
    setErrors((current) => {
      const next = new Map(current);
      if (error === null) next.delete(cn);
      else next.set(cn, error);
      return next;
    });

  const submit = (pending: Pending, code?: string) => {
    setError(pending.cn, null);
    queue.mutate(
      { deviceId, cn: pending.cn, parameters: pending.parameters, code },
      {
        onSuccess: () => {
          setAsking(null);
          setCodeError(null);
          void message.success(t('waterControl.messages.queued', { command: t(`control.cn.${pending.cn}`) }));
        },
        onError: (error) => {
          const desc = isApiError(error) ? error.desc : error.message;
          const refusal = codeRefusalOf(desc);
          if (refusal === 'dynamicCodeRequired' && code === undefined) {
            setCodeError(null);
            setAsking(pending);
            return;
          }
          if (refusal !== null) {
            setCodeError(desc);
            setAsking(pending);
            return;
          }
          setAsking(null);
          setCodeError(null);
          setError(pending.cn, desc);
        },
      },
    );
  };

  const send = (cn: string, parameters: Record<string, string>) => {
    const pending = { cn, parameters };
    if (guarded.has(cn)) {
      setError(cn, null);
      setCodeError(null);
      setAsking(pending);
      return;
    }
    submit(pending);
  };

  const codeModal = (
    <CodeModal
      open={asking !== null}
      commandName={asking ? t(`control.cn.${asking.cn}`) : ''}
      error={codeError}
      sending={queue.isPending}
      onSubmit={(code) => {
        if (asking) submit(asking, code);
      }}
      onCancel={() => {
        setAsking(null);
        setCodeError(null);
      }}
    />
  );

  return {
    send,
    sending: (cn) => queue.isPending && queue.variables.cn === cn,
    errorOf: (cn) => errors.get(cn) ?? null,
    codeModal,
  };
}
