import type { Captcha } from '@bazaar/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';

/** A new single-use captcha, valid 5 minutes (`accountsApi.createCaptcha`). */
export function createCaptcha(): Promise<Captcha> {
  return callApi(accountsEndpoints.createCaptcha);
}

/**
 * Creates captchas on demand (a form calls `mutate()` on mount, on refresh and after each failed
 * submit).
 */
export function useCreateCaptcha() {
  return useMutation({ mutationFn: createCaptcha });
}

/** What a form needs from its captcha: the id to send, the image, and a way to get a new one. */
export interface CaptchaState {
  /** The id to send with the answer; undefined until the first captcha has arrived. */
  captchaId: string | undefined;
  /** SVG data URL. */
  image: string | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Fetches a new captcha (after every failed submit: an answer is accepted once only). */
  refresh: () => void;
}

/**
 * One captcha per form, fetched on mount and kept until `refresh()`. Each form has its own cache
 * entry (keyed by `useId`), dropped when the form unmounts, so going back to a page never reuses
 * an answered captcha.
 */
export function useCaptcha(): CaptchaState {
  const formId = useId();
  const query = useQuery({
    queryKey: ['captcha', formId],
    queryFn: createCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });
  const { refetch } = query;
  const refresh = useCallback(() => {
    void refetch();
  }, [refetch]);
  return {
    captchaId: query.data?.captchaId,
    image: query.data?.image,
    isLoading: query.isFetching,
    isError: query.isError && !query.isFetching,
    refresh,
  };
}
