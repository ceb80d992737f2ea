// The unstyled build with its stylesheet imported here: the CSS then ships with the chunks of the
// screens showing toasts (the default build injects it from JavaScript), never with the landing
// page. Every toast call goes through this module, so it uses the same build as its container.
import 'react-toastify/ReactToastify.css';
import { useTranslation } from 'react-i18next';
import { toast, ToastContainer } from 'react-toastify/unstyled';

/** docs/product.md, section 2: top-right, closing after 5000 ms, with a progress bar. */
export const TOAST_AUTO_CLOSE_MS = 5_000;

/**
 * The toasts of a signed-in area (the back office, the customer's profile). In Arabic they read
 * right to left (icon, text and close button mirrored, the progress
 * bar running from the right) and stay at the top right, the side a right-to-left reader starts
 * from.
 */
export function ToastRegion() {
  const { i18n } = useTranslation();
  return (
    <ToastContainer
      position="top-right"
      rtl={i18n.dir() === 'rtl'}
      autoClose={TOAST_AUTO_CLOSE_MS}
      hideProgressBar={false}
      newestOnTop
      closeOnClick
      pauseOnHover
    />
  );
}

export function notifySuccess(message: string) {
  toast.success(message);
}

export function notifyError(message: string) {
  toast.error(message);
}
