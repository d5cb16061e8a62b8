import type { GenericObject, Validator } from "remix-validated-form";

/**
 * A form's validator whose schema (zod, and what its rules use: postal codes, IBANs) is loaded on
 * the first validation rather than with the page. The page's own JavaScript stays small; the
 * server validates with the same schema either way, and without JavaScript nothing changes.
 */
export function lazyValidator<T>(load: () => Promise<Validator<T>>): Validator<T> {
  let loaded: Promise<Validator<T>> | undefined;
  const get = () => {
    loaded ??= load();
    return loaded;
  };
  return {
    validate: async (data: GenericObject) => (await get()).validate(data),
    validateField: async (data: GenericObject, field: string) => {
      const validator = await get();
      return validator.validateField ? validator.validateField(data, field) : {};
    },
  };
}
