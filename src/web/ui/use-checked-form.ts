import { useState } from 'react';
import {
  get,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { applyServerErrors } from '../lib/server-errors';

/** What a TextField, PasswordField or TextAreaField needs from the form for one of its fields. */
export interface RegisteredField {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/** The registration and current error of the field `name`, to spread on its field component. */
export function registeredField<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>,
  name: FieldPath<T>,
): RegisteredField {
  const error: { message?: string } | undefined = get(form.formState.errors, name);
  return { registration: form.register(name), error: error?.message };
}

/** `registeredField` for the fields of the form a FormProvider above gives (the order wizard's steps). */
export function useContextFields<T extends FieldValues>() {
  const form = useFormContext<T>();
  return (name: FieldPath<T>) => registeredField(form, name);
}

/**
 * A form checked by its schema as each field is left, whose server refusals land under their
 * fields (or above the form, in the failure it shows): the set-up every sign-in and password
 * form shares.
 */
export function useCheckedForm<TInput extends FieldValues, TOutput = TInput>({
  resolver,
  defaultValues,
}: {
  resolver: Resolver<TInput, unknown, TOutput>;
  defaultValues: DefaultValues<TInput>;
}) {
  const form = useForm<TInput, unknown, TOutput>({ resolver, mode: 'onTouched', defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  return {
    form,
    formError,
    setFormError,
    field: (name: FieldPath<TInput>) => registeredField(form, name),
    /**
     * Submits through `action` once the fields pass: the failure it throws goes under `fields`
     * the server names, or above the form (the server's message, else `fallback`).
     */
    submitWith: (
      fields: readonly FieldPath<TInput>[],
      fallback: string,
      action: (values: TOutput) => Promise<unknown>,
    ) =>
      form.handleSubmit(async (values) => {
        setFormError(null);
        try {
          await action(values);
        } catch (error) {
          setFormError(applyServerErrors(error, form.setError, fields, fallback));
        }
      }),
  };
}
