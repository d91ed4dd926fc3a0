;;; drive.el --- the Emacs test's driver, loaded after docs/editor.md's setup.
;;
;; Opens kernels.cu (the major mode and Eglot come from the doc's blocks),
;; starts what `eglot-ensure' would start at the first command (batch Emacs
;; runs no command loop), waits for warplint's diagnostics in Flymake, asks
;; for the hover of the strided read, and writes what it saw to the file
;; WARPLINT_EMACS_OUT names. Gives up after 30 s.

(defun drive--wait (what pred)
  "Wait up to 30 s for PRED; fail naming WHAT."
  (let ((deadline (+ (float-time) 30)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.1))
    (unless (funcall pred)
      (error "timed out waiting for %s" what))))

(let ((out (getenv "WARPLINT_EMACS_OUT"))
      (lines nil))
  (find-file "kernels.cu")
  (push (format "mode: %s" major-mode) lines)
  (run-hooks 'post-command-hook)        ; eglot-ensure connects here.
  (drive--wait "the server" (lambda () (bound-and-true-p eglot--managed-mode)))
  (push (format "server: %s" (mapconcat #'identity
                                        (process-command
                                         (jsonrpc--process (eglot-current-server)))
                                        " "))
        lines)
  (drive--wait "diagnostics" (lambda () (flymake-diagnostics)))
  (dolist (d (sort (flymake-diagnostics)
                   (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))
    (save-excursion
      (goto-char (flymake-diagnostic-beg d))
      (push (format "diagnostic %d:%d %s %s" (line-number-at-pos) (1+ (current-column))
                    (flymake-diagnostic-type d)
                    (car (split-string (flymake-diagnostic-text d) "\n")))
            lines)))
  ;; The hover of the strided read `in[4 * i]' (line 8, on `in').
  (goto-char (point-min))
  (forward-line 7)
  (search-forward "in[")
  (backward-char 3)
  (let* ((server (eglot-current-server))
         (hover (jsonrpc-request server :textDocument/hover
                                 (eglot--TextDocumentPositionParams)))
         (contents (plist-get hover :contents)))
    (push (format "hover: %s" (car (split-string (plist-get contents :value) "\n\n")))
          lines))
  (with-temp-file out
    (insert (mapconcat #'identity (nreverse lines) "\n") "\n"))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  (kill-emacs 0))
