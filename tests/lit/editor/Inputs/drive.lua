-- The Neovim test's driver (../nvim.test appends it to docs/editor.md's
-- setup to make the init file): once Neovim has opened the file named on its
-- command line, it waits for warplint's diagnostics, writes what the editor
-- holds and shows to the file $WARPLINT_NVIM_OUT (FileCheck reads it), asks
-- for the hover of the strided read, opens the diagnostic float, applies the quick fix through vim.lsp.buf.code_action
-- (vim.ui.select, the user's choice, takes the first action), waits for the
-- re-check, and quits: exit 0 when it got that far, 1 (cquit) on any error
-- or wait that ran out, with the reason in the file.
local out = assert(io.open(assert(os.getenv('WARPLINT_NVIM_OUT')), 'w'))
local function say(fmt, ...)
  out:write(string.format(fmt, ...) .. '\n')
  out:flush()
end
-- Waits up to 30 s (a loaded CI machine; the server answers in well under a
-- second when idle) for Cond, or fails saying What.
local function wait_for(what, cond)
  if not vim.wait(30000, cond, 50) then
    error('timed out waiting for ' .. what, 0)
  end
end
local function one_line(s)
  return (s:gsub('\n', ' | '))
end
local function sorted_diagnostics(buf)
  local ds = vim.diagnostic.get(buf)
  table.sort(ds, function(a, b) return a.lnum < b.lnum end)
  return ds
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  say('filetype: %s', vim.bo[buf].filetype)
  wait_for('a client on the buffer', function()
    return #vim.lsp.buf_get_clients(buf) > 0
  end)
  wait_for('diagnostics', function() return #vim.diagnostic.get(buf) >= 2 end)
  for _, client in pairs(vim.lsp.buf_get_clients(buf)) do
    say('client: %s', client.name)
  end

  -- The diagnostics as Neovim holds them (1-based lines and columns).
  local conflict
  for _, d in ipairs(sorted_diagnostics(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    say('diagnostic %d:%d %s %s %s', d.lnum + 1, d.col + 1, d.source, d.code,
        vim.diagnostic.severity[d.severity])
    say('  page: %s', lsp.codeDescription and lsp.codeDescription.href or 'none')
    say('  message: %s', one_line(d.message))
    if d.code == 'shared-bank-conflict' then conflict = d end
  end
  assert(conflict, 'no shared-bank-conflict diagnostic')

  -- The hover of the strided read (`in` of in[4 * i], line 8), its first
  -- paragraph, as vim.lsp.buf.hover() would show it.
  vim.api.nvim_win_set_cursor(0, { 8, 11 })
  local replies = vim.lsp.buf_request_sync(buf, 'textDocument/hover',
                                           vim.lsp.util.make_position_params(), 30000)
  for _, reply in pairs(replies or {}) do
    if reply.result and reply.result.contents then
      say('hover: %s', vim.split(reply.result.contents.value, '\n\n', true)[1])
    end
  end

  -- What the float shows on the finding's line.
  vim.api.nvim_win_set_cursor(0, { conflict.lnum + 1, conflict.col })
  local float_buf = vim.diagnostic.open_float()
  assert(float_buf, 'open_float showed nothing')
  for _, l in ipairs(vim.api.nvim_buf_get_lines(float_buf, 0, -1, false)) do
    say('float: %s', l)
  end
  vim.cmd('wincmd p') -- Back from the float, should it have the focus.

  -- The quick fix, chosen as a user would: the first action offered.
  local tile_line = vim.api.nvim_buf_get_lines(buf, 12, 13, false)[1]
  say('before the fix: %s', tile_line)
  vim.ui.select = function(items, opts, on_choice)
    for _, item in ipairs(items) do
      say('action: %s', opts.format_item(item))
    end
    on_choice(items[1], 1)
  end
  vim.api.nvim_win_set_cursor(0, { conflict.lnum + 1, conflict.col })
  vim.lsp.buf.code_action()
  wait_for('the quick fix', function()
    return vim.api.nvim_buf_get_lines(buf, 12, 13, false)[1] ~= tile_line
  end)
  say('after the fix: %s', vim.api.nvim_buf_get_lines(buf, 12, 13, false)[1])

  -- The edit reaches the server (didChange) and the conflict goes away.
  wait_for('the re-check', function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.code == 'shared-bank-conflict' then return false end
    end
    return true
  end)
  for _, d in ipairs(sorted_diagnostics(buf)) do
    say('left: %d:%d %s', d.lnum + 1, d.col + 1, d.code)
  end
  say('done')
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    local ok, err = pcall(run)
    if not ok then say('error: %s', tostring(err)) end
    vim.lsp.stop_client(vim.lsp.get_active_clients(), true)
    out:close()
    vim.cmd(ok and 'qall!' or 'cquit 1')
  end,
})
