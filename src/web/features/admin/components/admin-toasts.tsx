// The unstyled build with its stylesheet imported here: the CSS then ships with the admin chunk
// (the default build injects it from JavaScript). Every toast call must use this same build.
import 'react-toastify/ReactToastify.css';
import { toast, ToastContainer } from 'react-toastify/unstyled';

/** docs/product.md, section 2: top-right, closing after 5000 ms, with a progress bar. */
export const TOAST_AUTO_CLOSE_MS = 5_000;

export function AdminToastContainer() {
  return (
    <ToastContainer
      position="top-right"
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
