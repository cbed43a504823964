"""The guided first game ("Learn to play"): a scripted deal against a bot, played at the
real table, with a coach that explains each idea as it comes up.

    session.py  start, resume, leave, skip (the lesson's own save files)
    coach.py    the steps and what each allows (the guard Match.act() consults)
    overlay.py  the box over the table and the ring around the step's target
    targets.py  where a target is on screen (asked of the table scenes' geometry)
    script.py   the deal's topics, pure (tools/probes/find_lesson_deal.py searches with it)
"""
