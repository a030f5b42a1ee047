import { useEffect } from 'react';
import { App } from 'antd';
import { setMessageInstance } from '../../lib/notify';

/** Hands antd's context-aware message API to code outside React (the api client, error handlers). */
export function MessageHolder() {
  const { message } = App.useApp();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(null);
  }, [message]);
  return null;
}
