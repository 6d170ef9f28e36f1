/* SPDX-License-Identifier: MIT */
#include "fileio.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"

bool
file_read(struct arena *arena, const char *path, char **data, size_t *len,
          struct tgsiva_diagnostic *d)
{
   bool is_stdin = strcmp(path, "-") == 0;
   FILE *f = is_stdin ? stdin : fopen(path, "rb");
   if (!f)
      return diag_error(d, TGSIVA_ERROR_INPUT, "cannot open: %s",
                        strerror(errno));

   size_t cap = 64 * 1024, n = 0;
   char *buf = arena_alloc(arena, cap + 1);
   bool ok = true;
   for (;;) {
      if (n == cap) {
         if (cap >= FILEIO_MAX_INPUT) {
            ok = diag_error(d, TGSIVA_ERROR_LIMIT,
                            "input of %u bytes or more", FILEIO_MAX_INPUT);
            break;
         }
         buf = arena_grow(arena, buf, n, cap * 2 + 1, 1);
         cap *= 2;
      }
      size_t got = fread(buf + n, 1, cap - n, f);
      n += got;
      if (got == 0) {
         if (ferror(f))
            ok = diag_error(d, TGSIVA_ERROR_INPUT, "cannot read: %s",
                            strerror(errno));
         break;
      }
   }
   if (!is_stdin)
      fclose(f);
   if (!ok)
      return false;
   buf[n] = '\0';
   *data = buf;
   *len = n;
   return true;
}

static bool
write_all(FILE *f, const void *data, size_t len)
{
   return fwrite(data, 1, len, f) == len && fflush(f) == 0;
}

/* A device or a pipe (/dev/stdout, /dev/full, a FIFO) is written in
 * place: a rename would replace the device node itself. */
static bool
write_special(const char *path, const void *data, size_t len,
              struct tgsiva_diagnostic *d)
{
   FILE *f = fopen(path, "wb");
   if (!f)
      return diag_error(d, TGSIVA_ERROR_INPUT, "cannot open %s: %s", path,
                        strerror(errno));
   bool ok = write_all(f, data, len);
   int err = errno;
   ok = (fclose(f) == 0) && ok;
   if (!ok)
      return diag_error(d, TGSIVA_ERROR_INPUT, "cannot write %s: %s", path,
                        strerror(err ? err : errno));
   return true;
}

bool
file_write_atomic(const char *path, const void *data, size_t len,
                  struct tgsiva_diagnostic *d)
{
   if (strcmp(path, "-") == 0) {
      if (!write_all(stdout, data, len))
         return diag_error(d, TGSIVA_ERROR_INPUT,
                           "cannot write to stdout: %s", strerror(errno));
      return true;
   }
   struct stat st;
   if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
      return write_special(path, data, len, d);

   size_t plen = strlen(path);
   char *tmp = malloc(plen + 16);
   if (!tmp)
      return diag_error(d, TGSIVA_ERROR_NOMEM, "out of memory");
   snprintf(tmp, plen + 16, "%s.tmp.XXXXXX", path);
   int fd = mkstemp(tmp);
   if (fd < 0) {
      diag_error(d, TGSIVA_ERROR_INPUT, "cannot create %s: %s", tmp,
                 strerror(errno));
      free(tmp);
      return false;
   }
   FILE *f = fdopen(fd, "wb");
   bool ok = f && write_all(f, data, len);
   int err = errno;
   if (f)
      ok = (fclose(f) == 0) && ok;
   else
      close(fd);
   if (ok) {
      /* mkstemp creates 0600; give the file the usual permissions. */
      mode_t mask = umask(0);
      umask(mask);
      chmod(tmp, 0666 & ~mask);
      if (rename(tmp, path) != 0) {
         err = errno;
         ok = false;
      }
   }
   if (!ok) {
      unlink(tmp);
      diag_error(d, TGSIVA_ERROR_INPUT, "cannot write %s: %s", path,
                 strerror(err));
   }
   free(tmp);
   return ok;
}

void
file_remove_output(const char *path)
{
   struct stat st;
   if (strcmp(path, "-") && stat(path, &st) == 0 && S_ISREG(st.st_mode))
      remove(path);
}

struct path_list {
   struct arena *arena;
   VEC(char *) paths;
};

static bool
has_suffix(const char *s, const char *suffix)
{
   size_t n = strlen(s), m = strlen(suffix);
   return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool
list_dir(struct path_list *pl, const char *dir, const char *suffix,
         int depth)
{
   if (depth > 16)
      return true;
   DIR *dp = opendir(dir);
   if (!dp)
      return false;
   struct dirent *e;
   while ((e = readdir(dp))) {
      if (e->d_name[0] == '.')
         continue;
      char *p = arena_printf(pl->arena, "%s/%s", dir, e->d_name);
      struct stat st;
      if (stat(p, &st) != 0)
         continue;
      if (S_ISDIR(st.st_mode))
         list_dir(pl, p, suffix, depth + 1);
      else if (S_ISREG(st.st_mode) && has_suffix(e->d_name, suffix))
         *VEC_PUSH(pl->arena, &pl->paths) = p;
   }
   closedir(dp);
   return true;
}

static int
cmp_str(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

bool
file_list(struct arena *arena, const char *dir, const char *suffix,
          char ***paths, size_t *count)
{
   struct path_list pl = {.arena = arena};
   if (!list_dir(&pl, dir, suffix, 0))
      return false;
   if (pl.paths.len)
      qsort(pl.paths.data, pl.paths.len, sizeof(char *), cmp_str);
   *paths = pl.paths.data;
   *count = pl.paths.len;
   return true;
}
