import type { FormInstance } from 'antd';

/**
 * The form's values when every rule passes, else null (the form already shows what to fix). Avoids an
 * unhandled rejection from validateFields in click handlers.
 */
export async function validated<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
