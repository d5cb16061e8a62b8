/** The new password's rules, as every form that sets one says them (no form library here). */
export const PASSWORD_HINT =
  'Поне 8 символа, главна буква, цифра и специален символ (!@#$%^&*(),.?":{}|<>)';
