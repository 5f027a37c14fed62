"""The commands' jobs: each command is argument parsing (`mapkit/cli/<command>.py`) plus one call of
its job here, which does the whole command from a path: it reads the file (its reader's warnings
told first), takes the room and scenario asked, calls the library through its front door
(`mapkit.api`), writes its output atomically (the name refused before any work) and gives back a
`job.Result`: what to print, the warnings, the exit status. Every word about command-line flags
is here or in the command modules: the library's errors name its parameters, and a job names
them by their flags (`FLAGS` of each job, passed as the library's `names`) or words its own
checks of the command line; every other library text that names a choice is worded by
`mapkit.cli.wording.FLAGS`, in force while a command runs (`mapkit.wording.speaking`).
"""
