import { useRef, useState } from 'react';

type TSubmitState<TAnswer> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: TAnswer }
  | { status: 'error'; error: unknown };

/**
 * One request of a signed-out form with its pending, error and answer state: what `useMutation` gave these
 * screens, without TanStack Query in the login screen's download. A second submit while one is under way
 * is ignored.
 */
export const useSubmit = <TBody, TAnswer>(send: (body: TBody) => Promise<TAnswer>) => {
  const [state, setState] = useState<TSubmitState<TAnswer>>({ status: 'idle' });
  const isPendingRef = useRef(false);

  /** Sends `body`; `onSuccess` runs with the answer before the state says success. */
  const submit = (body: TBody, onSuccess?: (answer: TAnswer) => void | Promise<void>) => {
    if (isPendingRef.current) {
      return;
    }
    isPendingRef.current = true;
    setState({ status: 'pending' });
    const run = async () => {
      try {
        const answer = await send(body);
        await onSuccess?.(answer);
        setState({ status: 'success', data: answer });
      } catch (error) {
        setState({ status: 'error', error });
      } finally {
        isPendingRef.current = false;
      }
    };
    void run();
  };

  return {
    submit,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    error: state.status === 'error' ? state.error : null,
    data: state.status === 'success' ? state.data : undefined,
  };
};
