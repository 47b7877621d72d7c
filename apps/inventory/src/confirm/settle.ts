import { useQueryClient } from '@tanstack/react-query';
import { loadOutbox } from '@mojud/api-client';

/**
 * The mutation callbacks of a write confirmed at once (`recordWrite`): the store's figures are
 * read again once the server has it or refuses it (a refusal means the screen was behind), not at
 * the tap, whether or not its modal is still open; and when it could not be stored at all.
 */
export function useRefreshWhenSettled(storeId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['stores', storeId] });
  return {
    onSuccess: ({ key }: { key: string }) =>
      void loadOutbox().then((outbox) => {
        const stop = outbox.watchEntry(key, (state) => {
          if (state.status !== 'saved' && state.status !== 'refused') return;
          stop();
          refresh();
        });
      }),
    onError: refresh,
  };
}
