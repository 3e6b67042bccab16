import { App, message as staticMessage } from 'antd';
import { useCallback } from 'react';
import { describeActionError } from '@/components/feedback/actionError';

/** Shows a failed action's message (string or Error) as an antd message; logs anything else. */
export const useActionError = () => {
  const { message } = App.useApp();
  // Outside antd's <App> the context holds an empty object; fall back to the static API then.
  const api = typeof message.error === 'function' ? message : staticMessage;
  return useCallback(
    (error: unknown) => {
      const text = describeActionError(error);
      if (text === null) {
        console.error(error);
        return;
      }
      void api.error(text);
    },
    [api],
  );
};
