import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, ResetPasswordInput } from '@tonemark/shared';
import { linkOutcomeSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

// The calls behind the e-mailed links and the forms that ask for them (POST /api/account/...).

const post = (path: string, body: unknown) =>
  apiRequest(`/api/account/${path}`, linkOutcomeSchema, { method: 'POST', body, errorStyle: 'save' });

export const useForgotPassword = () =>
  useMutation({ mutationFn: (input: ForgotPasswordInput) => post('forgot-password', input) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (input: ResetPasswordInput) => post('reset-password', input) });

export const useVerifyEmail = () =>
  useMutation({ mutationFn: (token: string) => post('verify-email', { token }) });

export const useConfirmEmailChange = () =>
  useMutation({ mutationFn: (token: string) => post('confirm-email-change', { token }) });

export const useResendVerification = () =>
  useMutation({ mutationFn: () => post('resend-verification', undefined) });
