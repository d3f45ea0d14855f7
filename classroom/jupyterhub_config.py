# JupyterHub configuration for a class on one machine (`make classroom`).
#
# classroom.py writes the class's settings (accounts, ports, folders) into a JSON file and
# starts the hub, as its own unprivileged account, with CLASSROOM_SETTINGS naming that
# file. Who runs what:
#   * root: only classroom.py's set-up (accounts, the class environment, one sudo rule);
#   * the hub account: JupyterHub and its proxy (configurable-http-proxy);
#   * each student: their own Jupyter server and kernels, started through sudo by
#     SudoSpawner's mediator, which may do nothing but start or signal those servers.
#
# For a school's login, replace the authenticator below (see README, "A class on one
# JupyterHub"): e.g. oauthenticator's GenericOAuthenticator or ltiauthenticator, or
# jupyterhub's PAMAuthenticator for the machine's own passwords.
import json
import os
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub provides it)

settings = json.loads(Path(os.environ["CLASSROOM_SETTINGS"]).read_text(encoding="utf-8"))
state = Path(settings["state"])        # the hub account's own folder
env_bin = Path(settings["env"]) / "bin"

# --- where it listens. Students' servers listen on 127.0.0.1 only; the proxy forwards.
c.JupyterHub.bind_url = f"http://{settings['ip']}:{settings['port']}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = settings["hub_port"]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings['proxy_api_port']}"
c.ConfigurableHTTPProxy.command = [settings["proxy"]]
c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")

# --- the hub's state survives a restart: its database, cookie secret and passwords.
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")

# --- who may log in: the class list and the teacher, with first-use passwords. The
# password a student types at their first login becomes theirs; the teacher's is set by
# classroom.py before the hub starts, so no one can claim the admin account first.
c.JupyterHub.authenticator_class = "firstuseauthenticator"
c.FirstUseAuthenticator.dbm_path = str(state / "passwords")
c.FirstUseAuthenticator.create_users = False      # only names on the class list
c.FirstUseAuthenticator.min_password_length = 8
c.Authenticator.allowed_users = set(settings["students"])
c.Authenticator.admin_users = {settings["teacher"]}
c.JupyterHub.template_vars = {
    "announcement_login": "First login? The password you type now becomes your password.",
}

# --- each student's server: their own account, their own ~/lessons (written by
# start-student-server as the student, keeping every notebook they changed).
c.JupyterHub.spawner_class = "sudospawner.SudoSpawner"
c.SudoSpawner.sudospawner_path = str(env_bin / "sudospawner")
c.Spawner.notebook_dir = "~/lessons"
c.Spawner.default_url = "/lab"
# A whole class logging in at once on a small machine: give servers time to start.
c.Spawner.start_timeout = settings.get("start_timeout", 180)
c.Spawner.http_timeout = settings.get("start_timeout", 180)
# Stopping the hub stops the students' servers (their files stay in their homes).
c.JupyterHub.cleanup_servers = True
